export { api, baseQueryWithSession, type PnssApi } from './api/api-base.js';
export {
  platformApi,
  useLoginMutation,
  useCheckSessionMutation,
  useLogoutMutation,
  useCheckUpdateQuery,
  useGetCategoriesQuery,
  type CategoriesResponse,
} from './api/platform.api.js';
export { makeStore, rootReducer, type AppStore, type AppDispatch, type RootState, type LazyLoadedSlices } from './store/make-store.js';
export { useAppDispatch, useAppSelector, useAppStore } from './store/hooks.js';
export {
  getToken,
  hasSession,
  saveSession,
  saveSessionUser,
  clearSession,
  getStoredPermissions,
  getStoredUser,
} from './session/session-storage.js';
export {
  sessionSlice,
  sessionStarted,
  sessionEnded,
  selectSignedIn,
  selectSessionUser,
  selectPermissions,
  type SessionState,
} from './session/session.slice.js';
export { endSession } from './session/end-session.js';
export {
  LOGIN_HASH,
  SESSION_ENDED_MESSAGE,
  rememberReturnTo,
  takeReturnTo,
  setLoginNotice,
  getLoginNotice,
  clearLoginNotice,
} from './session/login-redirect.js';
export { casePaths, submissionPaths, reportPaths, adminPaths, nationalPaths, shellPaths } from './routing/paths.js';
export { useAccess } from './access/use-access.js';
export { describeError, isErrorEnvelope, type ErrorNotice } from './errors/describe-error.js';
export { downloadWithToken, saveFile, dispositionFileName, type DownloadOptions } from './files/download-with-token.js';
export { showError } from './errors/show-error.js';
export { toast, ToastHost, TOAST_DURATION_MS, TOAST_PLACEMENT } from './toast/toast.js';
export { ErrorPanel, type ErrorPanelProps } from './components/error-panel.js';
export { RemoteErrorBoundary, type RemoteErrorBoundaryProps } from './components/remote-error-boundary.js';
export { LoadError, type LoadErrorProps } from './components/load-error.js';
export { NotPermitted, type NotPermittedProps } from './components/not-permitted.js';
export { ScrollRegion } from './components/scroll-region.js';
export { ListSkeleton, ListEmpty } from './components/list-states.js';
export { InfiniteFooter } from './components/infinite-footer.js';
export { InfiniteList, listItems, type InfiniteListProps, type InfiniteListQuery, type ListPage } from './components/infinite-list.js';
export { parseDateInput, DATE_INPUT_FORMATS, DATE_DISPLAY_FORMAT } from './dates/parse-date-input.js';
export { DateInput, type DateInputProps } from './dates/date-input.js';
export { useDebouncedSearch, SEARCH_DEBOUNCE_MS } from './hooks/use-debounced-search.js';
export { PlatformProviders, type ModuleProps } from './module/platform-providers.js';
export {
  createModuleLifecycles,
  type ModuleDefinition,
  type ModuleLifecycles,
  type ModuleLifecycleProps,
} from './module/create-module-lifecycles.js';
export { pnssTheme } from './module/theme.js';
export {
  OfflineStore,
  OfflineStoreLockedError,
  offlineDatabaseName,
  type OfflineChange,
  type OfflineChangeKind,
  type OfflineStoreOptions,
  type QueuedChange,
  type QueuedState,
} from './offline/offline-store.js';
export {
  OFFLINE_SESSION_DATABASE,
  currentOfflineStore,
  onOfflineQueueChange,
  notifyOfflineQueue,
  onOfflineQueueSent,
  notifyOfflineQueueSent,
  startOfflineSession,
  resumeOfflineSession,
  forgetOfflineSession,
  eraseOfflineSession,
  queueOfflineChange,
} from './offline/offline-session.js';
export { OFFLINE_KEY_ITERATIONS, deriveOfflineKey } from './offline/offline-crypto.js';
export {
  LOCAL_ID_PREFIX,
  ON_DEVICE_ONLY,
  isLocalId,
  localRecords,
  serverIdOf,
  type LocalCase,
  type LocalPatient,
  PATIENT_SAVED_ON_DEVICE,
  CASE_CLOSED_ON_DEVICE,
} from './offline/offline-requests.js';
export { useLocalRecords } from './offline/use-local-records.js';
export { syncQueue, type SyncOptions, type SyncResult } from './offline/sync-queue.js';
