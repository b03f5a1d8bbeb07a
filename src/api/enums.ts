// Plain lists shared by the API schemas and the CLI; kept free of imports so the CLI starts fast.
export const ORDER_STATUSES = ['PENDING', 'CONFIRMED', 'COMPLETED', 'PICKED_UP'] as const;
export const ORDER_SORT_FIELDS = ['createdAt', 'confirmedAt', 'completedAt', 'ticketNumber', 'total'] as const;
export const PRINT_JOB_STATUSES = ['queued', 'printing', 'printed', 'failed', 'unroutable'] as const;
export const PRINT_JOB_KINDS = ['kitchen', 'receipt', 'reprint-kitchen', 'reprint-receipt', 'closure', 'test'] as const;
export const STATION_STATUSES = ['WAITING', 'DONE'] as const;
