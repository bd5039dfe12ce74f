import type { Database } from '../../db/database.js';
import { pushId } from '../reviews/push-id.js';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import type { Services } from '../services.js';

/** The demo's website reviews: days ago, product index, stars, visible, name, message. */
const DEMO_REVIEWS: [number, number, number, boolean, string, string][] = [
  [
    12,
    0,
    5,
    true,
    'Maria Lopez',
    'Installed in an afternoon and it has been whisper quiet since. The delivery crew was careful with our floors.',
  ],
  [
    9,
    1,
    4,
    true,
    'Dev Patel',
    'Great value for the price. The door alarm is a little loud but everything else is perfect.',
  ],
  [
    7,
    0,
    2,
    false,
    'Chris Young',
    'Arrived with a dent on the side panel. Customer service is sending a replacement, we will see.',
  ],
  [5, 2, 5, true, 'Ana Souza', 'Best purchase this year. Heats evenly and the self-clean cycle actually works.'],
  [
    3,
    3,
    3,
    false,
    'Jordan Lee',
    'Works fine but the manual is confusing and the display is hard to read in bright light.',
  ],
  [2, 1, 1, false, 'Sam Carter', 'Too loud for an open kitchen. '.repeat(12).trim()],
  [1, 4, 4, false, 'Riley Chen', 'Good machine. <b>Bold claims</b> on the box are mostly true.'],
  [0, 2, 5, false, 'Taylor Brooks', 'Ordered Monday, delivered Wednesday. Five stars for the whole experience!'],
];

/**
 * A handful of reviews (some visible, some waiting for moderation) on demo products, into the embedded store
 * only: a configured remote store is someone else's data. Answers how many were added.
 */
export async function loadDemoReviews(db: Database, services: Services, productIds: number[]): Promise<number> {
  if (services.reviews.store.kind !== 'embedded' || productIds.length === 0) return 0;
  const repo = new ReviewsRepository(db);
  const now = Date.now();
  for (const [i, [daysAgo, product, stars, visible, name, message]] of DEMO_REVIEWS.entries()) {
    const at = now - daysAgo * 86_400_000 - (DEMO_REVIEWS.length - i) * 60_000;
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
    await repo.insert(pushId(at), String(productIds[product % productIds.length]), {
      message,
      name,
      email,
      stars,
      reviewOn: new Date(at).toISOString().slice(0, 10),
      visible,
    });
  }
  return DEMO_REVIEWS.length;
}
