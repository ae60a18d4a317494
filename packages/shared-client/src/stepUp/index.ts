// Step-up re-authentication, the client's half (stepUp.ts): the signed client asks the one prompt
// registered here. The dialog that registers it is the UI kit's StepUpHost.
export * from './stepUp';
