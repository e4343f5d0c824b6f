export * from './companies';
export * from './users';
export * from './reference';
export * from './orders';
export * from './imports';
export * from './members';
