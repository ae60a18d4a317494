export * from './StepUpHost';
