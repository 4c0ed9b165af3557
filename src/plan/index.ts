export * from './graph';
export * from './cycle';
export * from './layering';
export * from './waves';
export * from './wave-string';
