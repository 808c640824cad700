/** The dashboard figures of docs/behaviour.md section 6, as pure functions over plain data. */
export * from './arch-cases';
export * from './common';
export * from './consults';
export * from './future';
export * from './lists';
export * from './locations';
export * from './marketing';
export * from './pipeline';
export * from './summary';
export * from './types';
