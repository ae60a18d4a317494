export { test, expect, signIn, signInViaApi, seedSession, openSection, remotes, SESSION_STORAGE_KEY, type CspViolation } from './fixtures';
export { apiCall, apiLogin, signedApi, signatureHeaders, ApiCallError } from './api';
export { systemInfo, baseUrl, apiUrl, adminCredentials } from './env';
export { recordScripts, loadedCopiesOf } from './federation';
export { expectAccessible } from './a11y';
export { motionSettled, pauseTimers } from './motion';
export { canvasSize, drawnPixels } from './charts';
export { chooseOption, dataRows, drawnOptions, shownIn } from './screen';
export { editedBuild, releaseCommand, REPO, type BuildEdit } from './builds';
