import { describe, expect, it } from 'vitest';
import { badgeText, formatTime, preview } from './format';
import { isPictureUrl, isSitePath, shareCardOf } from './product';
import { toTarget } from './Chat';
import type { ChatMessage } from './wire';
import type { ProductDetail } from '../generated/types';

const t = (id: string) => id;

describe('formatTime', () => {
  const now = new Date(2026, 10, 24, 15, 0);
  it('shows the clock today, the day this year, the year before', () => {
    expect(formatTime(new Date(2026, 10, 24, 9, 5).toISOString(), now)).toBe('09:05');
    expect(formatTime(new Date(2026, 0, 3, 9, 5).toISOString(), now)).toBe('01-03 09:05');
    expect(formatTime(new Date(2025, 11, 31, 23, 59).toISOString(), now)).toBe('2025-12-31 23:59');
    expect(formatTime('yesterday', now)).toBe('yesterday');
  });
});

describe('preview', () => {
  const base: ChatMessage = {
    id: 1,
    conversationId: 1,
    seq: 1,
    fromAgent: false,
    kind: 'text',
    content: 'hello\nthere',
    card: null,
    clientMsgId: 'x',
    createTime: '',
  };
  it('is one line of text, or what the message is', () => {
    expect(preview(base, t)).toBe('hello there');
    expect(preview({ ...base, kind: 'image', content: '/media/a.jpg' }, t)).toBe('chat-preview-picture');
    expect(
      preview({ ...base, kind: 'card', card: { isMsgCard: true, title: 'Phone', desc: '', cover: '', linkUrl: '/detail?prodId=1', price: 1, linePrice: null } }, t),
    ).toBe('chat-preview-card Phone');
    expect(preview(null, t)).toBe('');
  });
  it('caps badges at 99+', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('share card and links', () => {
  it('takes the running activity price and a higher original price as the line price', () => {
    const product = { prodId: 7, prodName: 'Phone', brief: 'Fast', pic: '/media/p.jpg', price: 10, oriPrice: 12, activityPrice: 8, activityInProgress: true } as ProductDetail;
    expect(shareCardOf(product)).toEqual({ isMsgCard: true, title: 'Phone', desc: 'Fast', cover: '/media/p.jpg', linkUrl: '/detail?prodId=7', price: 8, linePrice: 12 });
    expect(shareCardOf({ ...product, activityInProgress: false, oriPrice: 10 }).linePrice).toBeNull();
  });
  it('follows only links of this site and shows only site or https pictures', () => {
    expect(isSitePath('/detail?prodId=1')).toBe(true);
    expect(isSitePath('//evil.example/x')).toBe(false);
    expect(isSitePath('javascript:alert(1)')).toBe(false);
    expect(isPictureUrl('https://cdn.example/a.jpg')).toBe(true);
    expect(isPictureUrl('http://cdn.example/a.jpg')).toBe(false);
  });
  it('reads a target from an event detail', () => {
    expect(toTarget({ shopId: 2, prodId: 7 })).toEqual({ shopId: 2, prodId: 7 });
    expect(toTarget({ shopId: 0 })).toEqual({ shopId: 0 });
    expect(toTarget({ shopId: -1, prodId: 'x' })).toEqual({});
    expect(toTarget(undefined)).toEqual({});
  });
});
