export * from './stepUp';
export * from './StepUpHost';
