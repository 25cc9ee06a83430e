import { describe, expect, it } from 'vitest';
import {
  creditedPerson,
  creditTips,
  toCents,
  type RequestPerson,
} from '#server/features/analytics/tip-crediting.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 20, minute));
const person = (fields: Partial<RequestPerson>): RequestPerson => ({
  voterId: null,
  deviceId: '',
  requesterName: 'Sam',
  createdAt: at(0),
  ...fields,
});

describe('creditedPerson', () => {
  const first = person({ deviceId: 'sam-phone', requesterName: 'Sam' });
  const jo = person({ voterId: 'jo', deviceId: 'jo-phone', requesterName: 'Jo', createdAt: at(1) });
  const kim = person({ voterId: 'kim', requesterName: ' KIM ', createdAt: at(2) });

  it('credits the person on the same phone, before one of the same name', () => {
    expect(creditedPerson({ deviceId: 'jo-phone', tipperName: 'Sam' }, [first, jo, kim])).toBe(jo);
  });

  it('else the person of the same name, spaces and case aside', () => {
    expect(creditedPerson({ deviceId: 'other', tipperName: 'kim' }, [first, jo, kim])).toBe(kim);
    expect(creditedPerson({ deviceId: '', tipperName: 'Jo' }, [first, jo, kim])).toBe(jo);
  });

  it('else the earliest person: the first requester', () => {
    expect(creditedPerson({ deviceId: '', tipperName: 'Anonymous' }, [jo, kim, first])).toBe(first);
  });

  it('never matches a phone by an empty id', () => {
    const noPhone = person({ voterId: 'np', requesterName: 'Lee', createdAt: at(3) });
    expect(creditedPerson({ deviceId: '', tipperName: 'x' }, [noPhone, first])).toBe(first);
  });
});

describe('creditTips', () => {
  const request = {
    id: 'r',
    deviceId: 'sam-phone',
    requesterName: 'Sam',
    createdAt: at(0),
    // Sam's own 4, Jo's +1 with 3, and the tips sent after: 5 from Jo's phone, 2 by Sam's name.
    tipCents: 1400,
  };
  const jo = {
    id: 'jo',
    requestId: 'r',
    deviceId: 'jo-phone',
    requesterName: 'Jo',
    createdAt: at(1),
    tipCents: 300,
  };
  const tip = (amountCents: number, deviceId: string, tipperName: string) => ({
    requestId: 'r',
    amountCents,
    deviceId,
    tipperName,
  });

  it('splits a request’s tips between its first requester and its +1s', () => {
    const credited = creditTips([request], [jo], [tip(500, 'jo-phone', 'J'), tip(200, '', 'Sam')]);
    expect(credited.request.get('r')).toBe(600);
    expect(credited.voter.get('jo')).toBe(800);
  });

  it('never leaves the first requester below zero, and skips tips on other requests', () => {
    const credited = creditTips(
      [{ ...request, tipCents: 500 }],
      [],
      [tip(1000, '', 'Someone'), { ...tip(700, '', 'Sam'), requestId: 'other' }],
    );
    expect(credited.request.get('r')).toBe(1000);
  });

  it('reads money as exact cents', () => {
    expect(toCents('12.50')).toBe(1250);
    expect(toCents('0.29')).toBe(29);
    expect(toCents(7)).toBe(700);
  });
});
