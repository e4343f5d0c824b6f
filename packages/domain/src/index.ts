import './common/zod-locale';

export * from './common/api-error.schema';
export * from './users/user.schema';
export * from './auth/auth.schema';
export * from './company/company-info.schema';
export * from './company/company-info-labels';
export * from './orders/order-status';
export * from './calculations/calculation.schema';
export * from './calculations/calculation-calls.schema';
export * from './common/money';
export * from './common/format-money';
export * from './staff/staff-rate-label';
export * from './calculations/compute-service-cost';
export * from './calculations/bed-day-costs';
export * from './calculations/worked-example';
export * from './calculations/material-key';
export * from './common/pagination';
export * from './common/fields';
export * from './common/decimal-text';
export * from './common/saved-response.schema';
export * from './measurements/measurement.schema';
export * from './pills/pill.schema';
export * from './staff/staff-rate.schema';
export * from './templates/template.schema';
export * from './orders/order.schema';
export * from './documents/order-document.schema';

export * from './admin/admin.schema';
