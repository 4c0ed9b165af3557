export * from './sync-order';
