import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as web from './index.js';

/**
 * What the page shares as @pnss/web, at the version that published it. The modules load it as a
 * strict singleton by its version (libs/build), so the version says what a module may use: adding an
 * export is a minor bump, changing or removing one a major (ARCHITECTURE.md). Change this list and the
 * package's version together.
 */
const PUBLISHED = {
  version: '1.1.0',
  exports: [
    'CASE_CLOSED_ON_DEVICE', 'DATE_DISPLAY_FORMAT', 'DATE_INPUT_FORMATS', 'DateInput', 'ErrorPanel',
    'InfiniteFooter', 'InfiniteList', 'LOCAL_ID_PREFIX', 'LOGIN_HASH', 'ListEmpty', 'ListSkeleton',
    'LoadError', 'NotPermitted', 'OFFLINE_KEY_ITERATIONS', 'OFFLINE_SESSION_DATABASE', 'ON_DEVICE_ONLY', 'OfflineStore',
    'OfflineStoreLockedError', 'PATIENT_SAVED_ON_DEVICE', 'PlatformProviders', 'RemoteErrorBoundary',
    'SEARCH_DEBOUNCE_MS', 'SESSION_ENDED_MESSAGE', 'ScrollRegion', 'TOAST_DURATION_MS', 'TOAST_PLACEMENT',
    'ToastHost', 'adminPaths', 'api', 'baseQueryWithSession', 'casePaths', 'clearLoginNotice', 'clearSession',
    'createModuleLifecycles', 'currentOfflineStore', 'deriveOfflineKey', 'describeError',
    'dispositionFileName', 'downloadWithToken', 'endSession', 'eraseOfflineSession', 'forgetOfflineSession',
    'getLoginNotice', 'getStoredPermissions', 'getStoredUser', 'getToken', 'hasSession', 'isErrorEnvelope',
    'isLocalId', 'listItems', 'localRecords', 'makeStore', 'nationalPaths', 'notifyOfflineQueue', 'notifyOfflineQueueSent',
    'offlineDatabaseName', 'onOfflineQueueChange', 'onOfflineQueueSent', 'parseDateInput', 'platformApi', 'pnssTheme',
    'queueOfflineChange', 'rememberReturnTo', 'reportPaths', 'resumeOfflineSession', 'rootReducer',
    'saveFile', 'saveSession', 'saveSessionUser', 'selectPermissions', 'serverIdOf', 'selectSessionUser', 'selectSignedIn',
    'sessionEnded', 'sessionSlice', 'sessionStarted', 'setLoginNotice', 'shellPaths', 'showError',
    'startOfflineSession', 'submissionPaths', 'syncQueue', 'takeReturnTo', 'toast', 'useAccess',
    'useAppDispatch', 'useAppSelector', 'useAppStore', 'useCheckSessionMutation', 'useCheckUpdateQuery',
    'useDebouncedSearch', 'useGetCategoriesQuery', 'useLocalRecords', 'useLoginMutation', 'useLogoutMutation',
  ],
};

describe('@pnss/web follows semver: the version names what it exports (ARCHITECTURE.md)', () => {
  it('exports what its version published, no more and no less', () => {
    const { version } = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string };
    expect(version).toBe(PUBLISHED.version);
    expect(Object.keys(web).sort()).toEqual([...PUBLISHED.exports].sort());
  });
});
