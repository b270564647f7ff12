import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newChat } from '../../../test/chats.js';
import { quoteRequest, startDeal, taken } from '../../../test/deals.js';
import { decoded, sent, TIMED_DELAY, unreadMailRig } from '../../../test/unread-mail.js';

// The digest on a controlled clock: its app's mail waits ten minutes, and the tests move time
// instead of waiting, by making messages older (`age`) and the person's waiting job due now
// (`dueNow`), as the clock would.
const rig = await unreadMailRig({ timed: true });
const { timed, age, dueNow, mailsOnceRun, signUpConfirmed, unreadMailsTo, waitingJobs } = rig;

/** A business, Sara, and a client, Ana Alves, both confirmed, on the controlled clock's app. */
async function saraAndAna() {
  const seller = await signUpConfirmed(timed.app, { firstName: 'Sara' });
  const ana = await signUpConfirmed(timed.app, {
    role: 'buyer',
    firstName: 'Ana',
    lastName: 'Alves',
    category: undefined,
  });
  return { seller, ana };
}

describe('the digest on a controlled clock', () => {
  it('mails one digest after the delay, grouped by chat with partners, counts and the latest lines', async () => {
    const { seller, ana } = await saraAndAna();
    const bruno = await signUpConfirmed(timed.app, {
      role: 'buyer',
      firstName: 'Bruno',
      lastName: 'Braga',
      category: undefined,
    });
    const withAna = await newChat(timed.app, ana, seller);
    const withBruno = await newChat(timed.app, bruno, seller);
    const messages = [
      await sent(timed.app, ana, withAna, 'Do you open on Sundays?'),
      await sent(timed.app, ana, withAna, 'And is <b>parking</b> free?'),
      await sent(timed.app, bruno, withBruno, 'Can you quote a bathroom?'),
    ];
    // The whole delay passes for every message.
    await age(messages, TIMED_DELAY);
    await dueNow(seller.id);

    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('Subject: 3 unread messages from');
    expect(text).toContain('Ana Alves: 2 unread messages');
    expect(text).toContain('Bruno Braga: 1 unread message');
    expect(text).toContain('> Do you open on Sundays?');
    expect(text).toContain('http://localhost:3000/inbox/' + withAna);
    expect(text).toContain('http://localhost:3000/inbox/' + withBruno);
    // The HTML part quotes the text escaped, never as markup.
    expect(text).toContain('And is &lt;b&gt;parking&lt;/b&gt; free?');
    expect(text).not.toContain('<b>parking</b> free?</blockquote>');
    expect(text).toMatch(/Content-Type: text\/html/);
    expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Nobody else was mailed: the senders have nothing unread.
    expect(unreadMailsTo(ana.email)).toEqual([]);
  });

  it("counts a deal's move among the unread but quotes only typed words", async () => {
    const { seller, ana } = await saraAndAna();
    const requested = await taken(
      startDeal(timed.app, ana, seller.id, { type: 'request', request: quoteRequest() }),
    );
    const typed = await sent(timed.app, ana, requested.message.chatId, 'Any time that day.');
    await age([requested.message, typed], TIMED_DELAY);
    await dueNow(seller.id);

    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('Ana Alves: 2 unread messages');
    expect(text).toContain('> Any time that day.');
    expect(text).not.toMatch(/^ *> *$/m);
  });

  it("mails a deal's move alone, with no typed message after it, to the other person only", async () => {
    const { seller, ana } = await saraAndAna();
    const requested = await taken(
      startDeal(timed.app, ana, seller.id, { type: 'request', request: quoteRequest() }),
    );
    await age([requested.message], TIMED_DELAY);
    await dueNow(seller.id);
    // The move's one notice went to the seller: none waits for Ana.
    expect(await waitingJobs(ana.id)).toEqual([]);

    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    expect(decoded(mails[0]!)).toContain('Ana Alves: 1 unread message');
    // By the time the seller's digest ran, a mail to Ana (none is queued) would have come.
    expect(unreadMailsTo(ana.email)).toHaveLength(0);
  });

  it('covers only messages unread for the whole delay, not one that reused the job of a message read since', async () => {
    const seller = await signUpConfirmed(timed.app);
    const buyer = await signUpConfirmed(timed.app, { role: 'buyer', category: undefined });
    const chatId = await newChat(timed.app, buyer, seller);
    const first = await sent(timed.app, buyer, chatId, 'first, read at once');
    const read = await timed.app.inject({
      method: 'POST',
      url: `/api/v1/chats/${chatId}/read`,
      headers: seller.headers,
      payload: { messageId: first.id },
    });
    expect(read.statusCode).toBeLessThan(300);
    // 2 min 40 s before the first message's job is due, a second one comes: it reuses that job.
    await age([first], TIMED_DELAY - 160);
    const second = await sent(timed.app, buyer, chatId, 'second, 2 min 40 s old');
    expect(await waitingJobs(seller.id)).toHaveLength(1);

    // The job's time comes: the second message has been unread for 2 min 40 s only.
    await age([first, second], 160);
    await dueNow(seller.id);
    expect(await mailsOnceRun(seller)).toEqual([]);
    // It waits for the second message's own delay.
    const [waiting] = await waitingJobs(seller.id);
    const dueIn = (waiting!.startAfter.getTime() - Date.now()) / 1000;
    expect(dueIn).toBeGreaterThan(TIMED_DELAY - 160 - 10);
    expect(dueIn).toBeLessThanOrEqual(TIMED_DELAY - 160 + 2);

    await age([second], TIMED_DELAY - 160);
    await dueNow(seller.id);
    const mails = await mailsOnceRun(seller);
    expect(mails).toHaveLength(1);
    const text = decoded(mails[0]!);
    expect(text).toContain('> second, 2 min 40 s old');
    expect(text).not.toContain('first, read at once');
  });

  it('leaves a message still too young to the next digest, which covers it once its delay is over', async () => {
    const seller = await signUpConfirmed(timed.app);
    const buyer = await signUpConfirmed(timed.app, { role: 'buyer', category: undefined });
    const chatId = await newChat(timed.app, buyer, seller);
    const older = await sent(timed.app, buyer, chatId, 'the older one');
    const newer = await sent(timed.app, buyer, chatId, 'the newer one');
    await age([older], TIMED_DELAY);
    await age([newer], 30);
    await dueNow(seller.id);

    const first = await mailsOnceRun(seller);
    expect(first).toHaveLength(1);
    const text = decoded(first[0]!);
    expect(text).toContain('1 unread message');
    expect(text).toContain('> the older one');
    expect(text).not.toContain('the newer one');
    expect(await waitingJobs(seller.id)).toHaveLength(1);

    // Its delay is over, and so is the window since the first mail.
    await age([newer], TIMED_DELAY);
    await timed.database.db.execute(
      sql`update unread_mail_marks set mailed_at = mailed_at - make_interval(secs => ${TIMED_DELAY})
          where user_id = ${seller.id}`,
    );
    await dueNow(seller.id);
    await expect.poll(() => unreadMailsTo(seller.email).length, { timeout: 10_000 }).toBe(2);
    const later = decoded(unreadMailsTo(seller.email)[1]!);
    expect(later).toContain('> the newer one');
    expect(later).not.toContain('the older one');
  });
});
