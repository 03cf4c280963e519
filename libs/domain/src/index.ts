// The shared @huddle/domain singleton: every first screen carries all of it. Rules only one role's
// later screens or only the API need live on entries of their own (package.json "exports"):
// /admin, /nil, /periods, /request-actions, /payouts, /notifications, /request-details, /format.
export * from './roles';
export * from './request-status';
export * from './service-types';
export * from './campaign';
export * from './limits';
export * from './messages';
export * from './errors';
export * from './routes';
export * from './remotes';
export * from './reference';
export * from './validation';
export * from './profile';
export * from './media';
export * from './media-content';
export * from './photo-variants';
export * from './geo';
export * from './athlete-services';
export * from './live-events';
export * from './usernames';
export * from './public-names';
export * from './video-chat';
export * from './money';
