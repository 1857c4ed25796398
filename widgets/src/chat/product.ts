/**
 * The product a chat was opened from (the /detail page's quick menu): its share card (spec
 * section 3 "Share card"), built from `GET /prod/prodInfo`, sent on request as a card message.
 */
import { request } from '../api';
import { PROD_INFO } from '../generated/paths';
import type { ProductDetail } from '../generated/types';
import type { ShareCard } from './wire';

/** The share card of a product: the running activity's price if any, the original price as the line price when higher. */
export function shareCardOf(product: ProductDetail): ShareCard {
  const price = product.activityInProgress && product.activityPrice !== null ? product.activityPrice : product.price;
  return {
    isMsgCard: true,
    title: product.prodName,
    desc: product.brief,
    cover: product.pic,
    linkUrl: `/detail?prodId=${product.prodId}`,
    price,
    linePrice: product.oriPrice > price ? product.oriPrice : null,
  };
}

/** Loads the card of `prodId` and its shop; rejects with the API's error (its message is shown as a warning). */
export async function loadShareCard(prodId: number): Promise<{ card: ShareCard; shopId: number }> {
  const product = await request<ProductDetail>('GET', PROD_INFO, { query: { prodId }, handleError: true });
  return { card: shareCardOf(product), shopId: product.shop.shopId };
}

/** A link of a card that stays on this site: a path, never `//host` or a scheme. */
export const isSitePath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

/** A picture URL that may be shown: one of this site's paths, or https. */
export const isPictureUrl = (url: string): boolean => isSitePath(url) || url.startsWith('https://');
