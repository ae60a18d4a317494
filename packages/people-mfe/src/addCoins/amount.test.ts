import {
  checkCoinAmount,
  INVALID_AMOUNT_MESSAGE,
  TOO_LARGE_MESSAGE,
  WHOLE_AMOUNT_MESSAGE,
} from './amount';

describe('checkCoinAmount', () => {
  it.each(['', '   ', '0', '-5', 'abc', 'NaN', 'Infinity'])(
    'rejects %p as not greater than 0',
    (text) => {
      expect(checkCoinAmount(text)).toEqual({ ok: false, message: INVALID_AMOUNT_MESSAGE });
    },
  );

  it('rejects fractions and amounts above the per-top-up ceiling', () => {
    expect(checkCoinAmount('2.5')).toEqual({ ok: false, message: WHOLE_AMOUNT_MESSAGE });
    expect(checkCoinAmount('1000001')).toEqual({ ok: false, message: TOO_LARGE_MESSAGE });
  });

  it('accepts whole amounts from 1 to 1,000,000', () => {
    expect(checkCoinAmount(' 25 ')).toEqual({ ok: true, amount: 25 });
    expect(checkCoinAmount('1')).toEqual({ ok: true, amount: 1 });
    expect(checkCoinAmount('1000000')).toEqual({ ok: true, amount: 1_000_000 });
  });
});
