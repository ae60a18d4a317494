// Growth orders and recharge payments (spec 3): the two lists and refunds.
import { Type } from '@sinclair/typebox';
import { IDEMPOTENCY_KEY_REUSED, STEP_UP_REQUIRED, IdempotencyHeaders, Id, route } from './route';

export const ORDER_STATUSES = ['completed', 'pending', 'error', 'refunded'] as const;

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

export const OrdersQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 0, maximum: 50000, default: 0, description: 'Zero-based' }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
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
  },
  { additionalProperties: false },
);

const LIST_DESCRIPTION =
  'Newest first (createdAt, then _id), one page at a time; searches are exact and combine with AND; the total follows the search and the status filter.';

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
