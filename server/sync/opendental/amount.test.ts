import { describe, expect, it } from 'vitest';
import { amountText, procedureAmount } from './amount';

describe('procedure amount', () => {
  it('multiplies the fee by UnitQty + BaseUnits, reading a sum of 0 as 1', () => {
    expect(procedureAmount(1250, 1, 0)).toBe(1250);
    expect(procedureAmount(95.5, 2, 1)).toBe(286.5);
    expect(procedureAmount(95.5, 0, 0)).toBe(95.5);
    expect(procedureAmount(40, 0, 2)).toBe(80);
  });

  it('rounds the exact product to the cent, half away from zero', () => {
    // As floats 1.005 * 3 is 3.0149999999999997; the fee as written times 3 is 3.015.
    expect(amountText(1.005, 3, 0)).toBe('3.015');
    expect(procedureAmount(1.005, 3, 0)).toBe(3.02);
    expect(procedureAmount(-1.005, 3, 0)).toBe(-3.02);
    expect(procedureAmount(0.1, 3, 0)).toBe(0.3);
    expect(procedureAmount(33.333, 1, 0)).toBe(33.33);
    expect(procedureAmount(0, 5, 0)).toBe(0);
  });

  it('keeps the sign of negative units and of a zero product tidy', () => {
    expect(amountText(-0.001, 1, 0)).toBe('-0.001');
    expect(amountText(12.5, -1, 0)).toBe('-12.5');
    expect(amountText(0.005, 1, 0)).toBe('0.005');
    expect(procedureAmount(0.005, 1, 0)).toBe(0.01);
  });

  it('leaves an amount too large for the money rules unread', () => {
    expect(procedureAmount(1e22, 1, 0)).toBeNull();
  });
});
