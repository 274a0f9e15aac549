export * from './envelope.ts';
export * from './constants.ts';
export * from './note.ts';
export * from './common.ts';
export * from './call.ts';
export * from './guard.ts';
export * from './messages.ts';
export * from './fields.ts';
