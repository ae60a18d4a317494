export * from './headers';
export * from './nginx';
export { makeRunCertificate, nginxVersion, startNginx, NGINX, NGINX_MISSING, type RunCertificate, type RunningNginx } from './localNginx';
export { newNonce } from './nonce';
export * from './devOverrides';
