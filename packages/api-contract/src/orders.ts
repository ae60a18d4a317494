// Growth orders and recharge payments (spec 3): the two lists and refunds.
import { Type } from '@sinclair/typebox';
import { Instant } from './dates';
import { IDEMPOTENCY_KEY_REUSED, STEP_UP_REQUIRED, IdempotencyHeaders, Id, route } from './route';

export const ORDER_STATUSES = ['completed', 'pending', 'error', 'refunded'] as const;
/** The orders of a list: created date or payment amount, either way; `createdAt.desc` (newest first) without one. */
export const ORDER_SORTS = ['createdAt.desc', 'createdAt.asc', 'paymentMoney.desc', 'paymentMoney.asc'] as const;

export const Order = Type.Object(
  {
    _id: Type.String(),
    orderSn: Type.String({ description: 'The order (or payment) number' }),
    shoppingUser: Type.String({ description: "The customer's name" }),
    shoppingPic: Type.String(),
    shoppingText: Type.String(),
    productType: Type.String({ description: 'heart (likes), watch (followers), others (view, share, comment); coins for recharge payments' }),
    count: Type.Number(),
    startCount: Type.Number(),
    paymentMoney: Type.Number({ description: 'USD' }),
    paymentType: Type.String(),
    promCode: Type.Union([Type.String(), Type.Null()]),
    platform: Type.String(),
    createdAt: Type.String({ description: 'ISO 8601' }),
    stateStr: Type.String({ description: 'Completed, Pending, Error or Refunded' }),
    stateColor: Type.String({ description: 'CSS hex colour of the status badge' }),
    isComplete: Type.Boolean(),
    isError: Type.Boolean(),
    isRefund: Type.Boolean(),
    errorMessage: Type.Union([Type.String(), Type.Null()]),
    personId: Type.String({ description: "The customer's _id" }),
  },
  { $id: 'Order', additionalProperties: false },
);

export const OrdersList = Type.Object({ orders: Type.Array(Order), total: Type.Integer() });

/** The filters and sort of a list of orders (the export takes exactly these). */
const OrdersFilters = {
    shoppingUser: Type.Optional(Type.String({ maxLength: 100, description: "Any part of the customer name, case-insensitive ('patel' finds mia_patel2998's orders; %, _ and \\ match themselves)" })),
    personId: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$', description: "The person: the user ID the screens show (customId), or the person's _id" })),
    orderSn: Type.Optional(Type.String({ maxLength: 64, description: 'Exact order number' })),
    status: Type.Optional(
      Type.Unsafe<(typeof ORDER_STATUSES)[number]>({
        type: 'string',
        enum: [...ORDER_STATUSES],
        description: 'completed = isComplete (refunded included), pending = neither complete nor error, error = isError, refunded = isRefund',
      }),
    ),
    productType: Type.Optional(Type.String({ pattern: '^[a-z]{1,32}$', description: 'Exact product type (heart, watch, view, ...; coins for payments)' })),
    createdFrom: Type.Optional(Instant('Created at or after this instant (inclusive)')),
    createdTo: Type.Optional(Instant('Created before this instant (exclusive); must be after createdFrom')),
    sort: Type.Optional(
      Type.Unsafe<(typeof ORDER_SORTS)[number]>({
        type: 'string',
        enum: [...ORDER_SORTS],
        description: 'field.direction; ties by _id the same way. Default createdAt.desc (newest first)',
      }),
    ),
};

export const OrdersQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 50000, default: 0, description: 'Zero-based' }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    ...OrdersFilters,
  },
  { additionalProperties: false },
);

const LIST_DESCRIPTION =
  'Newest first (createdAt, then _id) unless `sort` says otherwise, one page at a time; searches, the status and product type filters and the created range combine with AND; the total follows them all.';
const BAD_RANGE = { status: 400, code: 'VALIDATION_ERROR', when: 'createdFrom or createdTo is no real instant, or createdTo is not after createdFrom' } as const;

export const listOrders = route({
  method: 'GET',
  path: '/api/admin/orders/orderList',
  operationId: 'listOrders',
  tag: 'orders',
  summary: 'List growth orders',
  description: `Growth orders (likes, followers, others). ${LIST_DESCRIPTION}`,
  access: 'admin',
  querystring: OrdersQuery,
  data: OrdersList,
  errors: [BAD_RANGE],
});

export const listPayments = route({
  method: 'GET',
  path: '/api/admin/orders/rechargeOrderList',
  operationId: 'listPayments',
  tag: 'orders',
  summary: 'List recharge payments',
  description: `Recharge payments (coins). ${LIST_DESCRIPTION}`,
  access: 'admin',
  querystring: OrdersQuery,
  data: OrdersList,
  errors: [BAD_RANGE],
});

export const refundOrder = route({
  method: 'POST',
  path: '/api/admin/orders/refundOrder',
  operationId: 'refundOrder',
  tag: 'orders',
  summary: 'Refund an order or payment',
  description:
    'Refunds a complete, not yet refunded order or payment, once, and moves the coins back in the same transaction (a growth order gives back its coins; a payment takes back the coins it gave, never below zero). Answers the refunded order; with an Idempotency-Key a retry answers the same. Needs the password entered in the last 5 minutes (403 STEP_UP_REQUIRED).',
  access: 'admin',
  role: 'operator',
  headers: IdempotencyHeaders,
  body: Type.Object({ orderId: Id('The order _id') }, { additionalProperties: false }),
  data: Order,
  errors: [
    { status: 404, code: 'ORDER_NOT_FOUND', when: 'no order has this _id' },
    { status: 409, code: 'ALREADY_REFUNDED', when: 'the order was refunded before' },
    { status: 409, code: 'NOT_REFUNDABLE', when: 'the order is not complete (pending or error)' },
    IDEMPOTENCY_KEY_REUSED,
    STEP_UP_REQUIRED,
  ],
});

const EXPORT_DESCRIPTION =
  'The whole list as CSV (UTF-8 with a byte-order mark, CRLF records), exactly as `orderList` filters and sorts it, every page: columns Order Number, Customer, Type, Count, Payment (USD), Status, Platform, Created (ISO 8601). Streamed in keyset batches (bounded memory); `X-Total-Count` gives the rows to expect. Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR) is prefixed with an apostrophe. Each export is audited (order.export / payment.export).';

export const OrdersExportQuery = Type.Object(OrdersFilters, { additionalProperties: false });

export const exportOrders = route({
  method: 'GET',
  path: '/api/admin/orders/exportOrders',
  operationId: 'exportOrders',
  tag: 'orders',
  summary: 'Export growth orders as CSV',
  description: EXPORT_DESCRIPTION,
  access: 'admin',
  querystring: OrdersExportQuery,
  data: null,
  raw: { status: 200, contentType: 'text/csv', description: 'The CSV file (attachment)' },
  errors: [BAD_RANGE],
});

export const exportPayments = route({
  method: 'GET',
  path: '/api/admin/orders/exportPayments',
  operationId: 'exportPayments',
  tag: 'orders',
  summary: 'Export recharge payments as CSV',
  description: EXPORT_DESCRIPTION,
  access: 'admin',
  querystring: OrdersExportQuery,
  data: null,
  raw: { status: 200, contentType: 'text/csv', description: 'The CSV file (attachment)' },
  errors: [BAD_RANGE],
});
