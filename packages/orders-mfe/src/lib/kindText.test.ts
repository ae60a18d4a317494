import { KIND_TEXT, loadErrorMessage } from './kindText';
import { hasErrorDetails, hasPromoCode, orderHeading, paymentText } from './orderDisplay';

describe('per-kind labels', () => {
  it('labels order types: heart is Like, watch is Follow, anything else as it is', () => {
    const { typeLabel } = KIND_TEXT.orders;
    expect(typeLabel({ productType: 'heart' })).toBe('Like');
    expect(typeLabel({ productType: 'watch' })).toBe('Follow');
    expect(typeLabel({ productType: 'comment' })).toBe('comment');
  });

  it('always labels payments Coins', () => {
    expect(KIND_TEXT.payments.typeLabel({ productType: 'heart' })).toBe('Coins');
  });

  it('offers Order Number on orders and Payment Number on payments', () => {
    expect(KIND_TEXT.orders.searchOptions.map((o) => o.label)).toEqual(['Customer Name', 'Person ID', 'Order Number']);
    expect(KIND_TEXT.payments.searchOptions.map((o) => o.label)).toEqual([
      'Customer Name',
      'Person ID',
      'Payment Number',
    ]);
    expect(KIND_TEXT.payments.searchOptions.map((o) => o.value)).toEqual(['shoppingUser', 'personId', 'orderSn']);
  });

  it('words load failures per kind', () => {
    expect(loadErrorMessage('orders', 'boom')).toBe('Failed to load orders: boom');
    expect(loadErrorMessage('payments', 'boom')).toBe('Failed to load payments: boom');
  });
});

describe('order display helpers', () => {
  it('prefixes the number and shows money to 2 decimals', () => {
    expect(orderHeading('Payment #', { orderSn: '0042' })).toBe('Payment #0042');
    expect(paymentText({ paymentMoney: 4.5 })).toBe('$4.50');
  });

  it('treats null, empty and blank promo codes and error messages as absent', () => {
    expect(hasPromoCode({ promCode: null })).toBe(false);
    expect(hasPromoCode({ promCode: ' ' })).toBe(false);
    expect(hasPromoCode({ promCode: 'SPRING10' })).toBe(true);
    expect(hasErrorDetails({ errorMessage: null })).toBe(false);
    expect(hasErrorDetails({ errorMessage: 'Account is private' })).toBe(true);
  });
});
