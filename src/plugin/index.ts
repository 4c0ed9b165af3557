export * from './contract';
export * from './validation';
