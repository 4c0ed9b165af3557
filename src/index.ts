export * from './constructs';
export * from './testing';
export * from './constructs/suppressions';
export * from './plugin';
