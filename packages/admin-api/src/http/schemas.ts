// TypeBox schemas shared by the routes (and the OpenAPI document).
import { Type, type TSchema } from '@sinclair/typebox';

export const Id = (description: string) => Type.String({ pattern: '^[0-9]{1,18}$', description });

export const Envelope = <T extends TSchema>(data: T) => Type.Object({ data });

export const ErrorBody = Type.Object(
  { message: Type.String({ description: 'A human sentence naming the field or the problem' }), code: Type.String() },
  { $id: 'ErrorBody' },
);

export const REGIONS = ['NA', 'EU', 'AME', 'LA', 'AP'] as const;
export const PRODUCT_SLOTS = ['10001', '10002', '10003', '10004', '10005', '10006'] as const;
const MAX_BIG = 999_999_999_999;

export const ProjectFields = {
  projectName: Type.String({ minLength: 1, maxLength: 100 }),
  projectId: Type.String({ minLength: 1, maxLength: 100 }),
  team: Type.String({ minLength: 1, maxLength: 50 }),
  appId: Type.Integer({ minimum: 0, maximum: MAX_BIG }),
  buildNumber: Type.Integer({ minimum: 0, maximum: MAX_BIG }),
  checkNumber: Type.Integer({ minimum: 0, maximum: MAX_BIG }),
  testing: Type.Boolean(),
  online: Type.Boolean(),
  enablePush: Type.Boolean(),
  enableRate: Type.Boolean(),
  blockedRegions: Type.Array(Type.Unsafe<string>({ type: 'string', enum: [...REGIONS] }), { maxItems: 5, uniqueItems: true }),
  productIdList: Type.Object(
    Object.fromEntries(PRODUCT_SLOTS.map((s) => [s, Type.Optional(Type.String({ maxLength: 200 }))])),
    { additionalProperties: false },
  ),
  iapCountryLimits: Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.Number({ minimum: 0, maximum: 1_000_000_000 }), {
    additionalProperties: false,
    maxProperties: 300,
  }),
};


const { testing, online, enablePush, enableRate, blockedRegions, productIdList, iapCountryLimits, ...required } = ProjectFields;
/** Create/update body: the six fields of spec 5 required, the rest optional. */
export const ProjectInput = Type.Object(
  {
    ...required,
    testing: Type.Optional(testing),
    online: Type.Optional(online),
    enablePush: Type.Optional(enablePush),
    enableRate: Type.Optional(enableRate),
    blockedRegions: Type.Optional(blockedRegions),
    productIdList: Type.Optional(productIdList),
    iapCountryLimits: Type.Optional(iapCountryLimits),
  },
  { additionalProperties: false },
);

export const Project = Type.Object({ _id: Type.String(), ...ProjectFields }, { $id: 'Project' });

export const Person = Type.Object(
  {
    _id: Type.String(),
    customId: Type.String(),
    customName: Type.String(),
    avatar: Type.String(),
    money: Type.Number(),
    point: Type.Number(),
    platform: Type.String(),
    watcherCount: Type.Number(),
    watchingCount: Type.Number(),
    rewardCount: Type.Number(),
    rewardLastDate: Type.Union([Type.String(), Type.Null()]),
    isPrivate: Type.Boolean(),
    isVerified: Type.Boolean(),
    isBusiness: Type.Boolean(),
    countryCode: Type.String(),
    lastClientRegion: Type.String(),
    projectStartList: Type.Array(Type.String()),
    updatedAt: Type.String(),
    virtualLevel: Type.Number(),
  },
  { $id: 'Person' },
);

export const Order = Type.Object(
  {
    _id: Type.String(),
    orderSn: Type.String(),
    shoppingUser: Type.String(),
    shoppingPic: Type.String(),
    shoppingText: Type.String(),
    productType: Type.String({ description: 'heart (likes), watch (followers), others (view, share, comment); coins for recharge payments' }),
    count: Type.Number(),
    startCount: Type.Number(),
    paymentMoney: Type.Number({ description: 'USD' }),
    paymentType: Type.String(),
    promCode: Type.Union([Type.String(), Type.Null()]),
    platform: Type.String(),
    createdAt: Type.String(),
    stateStr: Type.String({ description: 'Completed, Pending, Error or Refunded' }),
    stateColor: Type.String({ description: 'CSS hex colour for the status badge' }),
    isComplete: Type.Boolean(),
    isError: Type.Boolean(),
    isRefund: Type.Boolean(),
    errorMessage: Type.Union([Type.String(), Type.Null()]),
    personId: Type.String(),
  },
  { $id: 'Order' },
);
