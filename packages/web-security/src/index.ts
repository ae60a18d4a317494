export * from './headers';
export * from './nginx';
export { newNonce } from './nonce';
export * from './devOverrides';
