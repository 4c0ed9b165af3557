export * from './orderable';
export * from './tier';
export * from './hook-phase';
export * from './env-reference';
export * from './hook-job';
export * from './migration-hook';
export * from './smoke-test';
export * from './sync-fail-hook';
