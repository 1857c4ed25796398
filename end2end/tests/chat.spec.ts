/**
 * Chat (issue 20): a buyer and a shop's agent in two browser contexts exchange text, a
 * picture and a product card; unread counts and read receipts follow on both sides; the
 * buyer's messages missed while offline arrive once and in order on reconnection. Also the
 * page's guards: guests sign in and come back, a shop without chat support says so, the agent
 * console is a 404 for a buyer. English and Khmer; screenshots in three languages.
 */
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  EN,
  KM,
  LANGS,
  apiData,
  openHydrated,
  picture,
  png,
  signInBuyer,
  signUpBuyer,
  t,
  tw,
  waitForHydration,
} from './support';

/** The seeded agent of the shop of product 1 (README, "Chat"). */
const AGENT_MAIL = 'shop.agent@example.com';
const AGENT_PASSWORD = 'Demo1234!';
const PRODUCT = 1;

interface Conversation {
  conversationId: number;
  shopId: number;
  peerName: string;
}

async function contexts(browser: Browser): Promise<{ buyerContext: BrowserContext; buyer: Page; agentContext: BrowserContext; agent: Page }> {
  const buyerContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  const agent = await agentContext.newPage();
  await signUpBuyer(buyer.request);
  await signInBuyer(agent.request, AGENT_MAIL, AGENT_PASSWORD);
  return { buyerContext, buyer, agentContext, agent };
}

/** The message bubbles' texts of a chat, in order. */
const texts = (chat: Locator) => chat.locator('[data-testid="chat-message"][data-kind="text"] .chat-msg__text');

for (const lang of [EN, KM]) {
  test(`a buyer and a shop agent exchange text, a picture and a product card, with unread counts, receipts and an offline gap (${lang.code}) @cluster`, async ({ browser }) => {
    test.setTimeout(120_000);
    const { buyerContext, buyer, agentContext, agent } = await contexts(browser);
    const product = await apiData<{ shop: { shopId: number; shopName: string } }>(buyer.request, 'GET', `/prod/prodInfo?prodId=${PRODUCT}`);

    // The buyer opens the chat from the product page's quick menu: the panel, with the shop
    // and the product offered as a card.
    await openHydrated(buyer, `/detail?prodId=${PRODUCT}&lang=${lang.code}`);
    // The product's name as this language shows it.
    const prodName = (await buyer.getByTestId('detail-name').textContent())!.trim();
    await buyer.getByTestId('quick-chat').click();
    const panel = buyer.getByTestId('chat-panel');
    await expect(panel).toBeVisible({ timeout: 10_000 });
    await expect(panel.getByTestId('chat-peer-name')).toHaveText(product.shop.shopName);
    await expect(panel.getByTestId('chat-product')).toContainText(prodName);
    await expect(panel.getByTestId('chat-empty')).toHaveText(tw(lang, 'chat-empty'));

    // Text (Enter sends; Shift+Enter is a new line), a picture and the product card.
    const input = panel.getByTestId('chat-input');
    await input.fill('Hello shop');
    await input.press('Shift+Enter');
    await input.pressSequentially('is it in stock?');
    await input.press('Enter');
    await expect(texts(panel)).toHaveText(['Hello shop\nis it in stock?']);
    await expect(input).toHaveValue('');
    await panel.getByTestId('chat-picture-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png(96) });
    await expect(panel.locator('[data-testid="chat-message"][data-kind="image"] img')).toHaveCount(1);
    await panel.getByTestId('chat-send-product').click();
    await expect(panel.locator('[data-testid="chat-message"][data-kind="card"]')).toContainText(prodName);
    await expect(panel.getByTestId('chat-pending')).toHaveCount(0);
    const receipts = panel.getByTestId('chat-receipt');
    await expect(receipts).toHaveCount(3);
    await expect(receipts.first()).toHaveText(tw(lang, 'chat-unread'));

    const list = await apiData<Conversation[]>(buyer.request, 'GET', '/p/chat/conversations');
    const conversation = list.find((c) => c.shopId === product.shop.shopId);
    expect(conversation).toBeTruthy();
    const id = conversation!.conversationId;

    // The agent's console lists the conversation with three unread; opening it reads them,
    // and the buyer's receipts turn to read.
    await openHydrated(agent, `/chat-agent?lang=${lang.code}`);
    const console_ = agent.getByTestId('chat');
    const item = console_.locator(`[data-testid="chat-conversation"][data-conversation-id="${id}"]`);
    await expect(item.getByTestId('chat-conversation-unread')).toHaveAttribute('data-count', '3', { timeout: 10_000 });
    await item.click();
    await expect(texts(console_)).toHaveText(['Hello shop\nis it in stock?']);
    await expect(console_.locator('[data-testid="chat-message"][data-kind="image"] img')).toHaveCount(1);
    const card = console_.locator('[data-testid="chat-message"][data-kind="card"] [data-testid="chat-card"]');
    await expect(card).toContainText(prodName);
    await expect(card).toHaveAttribute('href', `/detail?prodId=${PRODUCT}`);
    await expect(item.getByTestId('chat-conversation-unread')).toHaveCount(0);
    await expect(panel.locator('[data-testid="chat-receipt"][data-read="true"]')).toHaveCount(3);
    await expect(receipts.first()).toHaveText(tw(lang, 'chat-read'));

    // The buyer closes the panel (Escape); the agent's answer counts unread in the header and
    // the quick menu, live and after a reload (server-rendered); opening the chat reads it.
    await input.focus();
    await buyer.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    const agentInput = console_.getByTestId('chat-input');
    await agentInput.fill('Yes, we have it');
    await agentInput.press('Enter');
    await expect(buyer.getByTestId('header-chat-unread')).toHaveText('1');
    await expect(buyer.getByTestId('quick-chat-unread')).toHaveText('1');
    await buyer.reload();
    await waitForHydration(buyer);
    await expect(buyer.getByTestId('header-chat-unread')).toHaveText('1');
    await buyer.getByTestId('quick-chat').click();
    await expect(panel).toBeVisible({ timeout: 10_000 });
    await expect(texts(panel)).toHaveText(['Hello shop\nis it in stock?', 'Yes, we have it']);
    await expect(buyer.getByTestId('header-chat-unread')).toBeHidden();
    await expect(console_.locator('[data-testid="chat-receipt"][data-read="true"]')).toHaveCount(1);

    // The buyer goes offline while the agent sends three messages; back online, all three
    // arrive once and in order.
    await buyerContext.setOffline(true);
    await expect(panel.getByTestId('chat-status')).toHaveText(tw(lang, 'chat-status-offline'));
    for (const text of ['first', 'second', 'third']) {
      await agentInput.fill(text);
      await agentInput.press('Enter');
    }
    await expect(console_.getByTestId('chat-pending')).toHaveCount(0);
    await expect(texts(panel)).toHaveText(['Hello shop\nis it in stock?', 'Yes, we have it']);
    await buyerContext.setOffline(false);
    await expect(texts(panel)).toHaveText(['Hello shop\nis it in stock?', 'Yes, we have it', 'first', 'second', 'third'], { timeout: 15_000 });
    const seqs = await panel.getByTestId('chat-message').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-seq'))));
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    // Read on screen: the agent sees its three messages read.
    await expect(console_.locator('[data-testid="chat-receipt"][data-read="true"]')).toHaveCount(4);

    await buyerContext.close();
    await agentContext.close();
  });

  test(`the chat page: guests sign in and come back, a shop without chat says so, the console is not for buyers (${lang.code})`, async ({ page }) => {
    // A guest is sent to sign in, and back.
    await page.goto(`/chat?shopId=0&lang=${lang.code}`);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await signUpBuyer(page.request);
    // The platform's customer service.
    await openHydrated(page, `/chat?shopId=0&lang=${lang.code}`);
    const chat = page.getByTestId('chat');
    await expect(chat.getByTestId('chat-peer-name')).toBeVisible({ timeout: 10_000 });
    await expect(chat.getByTestId('chat-conversation')).toHaveCount(1);
    // A shop without chat support (no agent: neither the shop of product 1 nor the mall's
    // store), and a shop that does not exist.
    const product = await apiData<{ shop: { shopId: number } }>(page.request, 'GET', `/prod/prodInfo?prodId=${PRODUCT}`);
    const noChat = [2, 3, 4].find((id) => id !== product.shop.shopId)!;
    await openHydrated(page, `/chat?shopId=${noChat}&lang=${lang.code}`);
    await expect(chat.getByTestId('chat-open-error')).toHaveText(t(lang, 'error-chat-no-support', 'server.ftl'), { timeout: 10_000 });
    await openHydrated(page, `/chat?shopId=999999&lang=${lang.code}`);
    await expect(chat.getByTestId('chat-open-error')).toHaveText(t(lang, 'error-chat-no-shop', 'server.ftl'), { timeout: 10_000 });
    // The agent console is a 404 for a buyer and for a guest.
    const response = await page.goto(`/chat-agent?lang=${lang.code}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
}

test.describe('chat screenshots', () => {
  for (const lang of LANGS) {
    test(`the chat page, the panel and the agent console (${lang.code})`, async ({ browser }) => {
      test.setTimeout(90_000);
      const { buyerContext, buyer, agentContext, agent } = await contexts(browser);
      await openHydrated(buyer, `/detail?prodId=${PRODUCT}&lang=${lang.code}`);
      await buyer.getByTestId('quick-chat').click();
      const panel = buyer.getByTestId('chat-panel');
      await expect(panel.getByTestId('chat-product')).toBeVisible({ timeout: 10_000 });
      await panel.getByTestId('chat-input').fill('Hello, is this available in blue?');
      await panel.getByTestId('chat-input').press('Enter');
      await panel.getByTestId('chat-send-product').click();
      await expect(panel.getByTestId('chat-pending')).toHaveCount(0);
      await picture(buyer, `chat-panel-${lang.code}`);
      await openHydrated(buyer, `/chat?shopId=0&lang=${lang.code}`);
      await expect(buyer.getByTestId('chat-pane')).toBeVisible({ timeout: 10_000 });
      await picture(buyer, `chat-${lang.code}`, { fullPage: true });
      await openHydrated(agent, `/chat-agent?lang=${lang.code}`);
      // A conversation with unread messages (other buyers may have just opened empty ones).
      await agent.getByTestId('chat-conversation').filter({ has: agent.getByTestId('chat-conversation-unread') }).first().click();
      await expect(agent.getByTestId('chat-message').first()).toBeVisible();
      await picture(agent, `chat-agent-${lang.code}`, { fullPage: true });
      await buyerContext.close();
      await agentContext.close();
    });
  }
});
