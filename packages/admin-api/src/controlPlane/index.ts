// The release control plane's public entry: what the rest of the API may import of it (lint's
// import zones refuse any other file of src/controlPlane from outside it).
export { CONTROL_PLANE_MIGRATIONS } from './schema';
