export * from './constructs';
export * from './constructs/suppressions';
