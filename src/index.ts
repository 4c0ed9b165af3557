export * from './constructs';
export * from './testing';
export * from './constructs/suppressions';
export * as argocd from './imports/argoproj.io';
export * from './plugin';
