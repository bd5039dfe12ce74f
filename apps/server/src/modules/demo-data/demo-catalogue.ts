import { gs1CheckDigit } from '@keystone/contracts';

/** A small deterministic PRNG (mulberry32), so the demo catalogue is the same on every machine. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

export interface DemoCategory {
  name: string;
  code: string;
  /** Cost range in dollars. */
  cost: [number, number];
  serialTracked: boolean;
  freight: boolean;
  nouns: readonly string[];
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    name: 'Refrigerators',
    code: 'REF',
    cost: [650, 4200],
    serialTracked: true,
    freight: true,
    nouns: [
      'French Door Refrigerator',
      'Side-by-Side Refrigerator',
      'Top-Freezer Refrigerator',
      'Bottom-Freezer Refrigerator',
      'Counter-Depth Refrigerator',
    ],
  },
  {
    name: 'Ranges',
    code: 'RNG',
    cost: [480, 3100],
    serialTracked: true,
    freight: true,
    nouns: ['Electric Range', 'Gas Range', 'Slide-In Induction Range', 'Dual Fuel Range'],
  },
  {
    name: 'Dishwashers',
    code: 'DW',
    cost: [310, 1400],
    serialTracked: true,
    freight: true,
    nouns: ['Built-In Dishwasher', 'Top Control Dishwasher', 'Front Control Dishwasher'],
  },
  {
    name: 'Washers',
    code: 'WSH',
    cost: [420, 1500],
    serialTracked: true,
    freight: true,
    nouns: ['Front Load Washer', 'Top Load Washer', 'Top Load Washer with Agitator'],
  },
  {
    name: 'Dryers',
    code: 'DRY',
    cost: [400, 1450],
    serialTracked: true,
    freight: true,
    nouns: ['Electric Dryer', 'Gas Dryer', 'Heat Pump Dryer'],
  },
  {
    name: 'Microwaves',
    code: 'MW',
    cost: [110, 780],
    serialTracked: true,
    freight: false,
    nouns: ['Over-the-Range Microwave', 'Countertop Microwave', 'Built-In Microwave Drawer'],
  },
  {
    name: 'Wall Ovens',
    code: 'WO',
    cost: [1200, 4600],
    serialTracked: true,
    freight: true,
    nouns: ['Single Wall Oven', 'Double Wall Oven', 'Combination Wall Oven'],
  },
  {
    name: 'Cooktops',
    code: 'CKT',
    cost: [390, 2600],
    serialTracked: true,
    freight: false,
    nouns: ['Induction Cooktop', 'Gas Cooktop', 'Electric Radiant Cooktop'],
  },
  {
    name: 'Range Hoods',
    code: 'HOOD',
    cost: [140, 1600],
    serialTracked: false,
    freight: false,
    nouns: ['Wall Mount Range Hood', 'Under Cabinet Range Hood', 'Island Range Hood'],
  },
  {
    name: 'Freezers',
    code: 'FRZ',
    cost: [290, 1900],
    serialTracked: true,
    freight: true,
    nouns: ['Upright Freezer', 'Chest Freezer', 'Convertible Column Freezer'],
  },
  {
    name: 'Televisions',
    code: 'TV',
    cost: [180, 3800],
    serialTracked: true,
    freight: false,
    nouns: ['4K UHD Smart TV', 'OLED 4K Smart TV', 'QLED 4K Smart TV', 'Mini-LED 4K Smart TV'],
  },
  {
    name: 'Soundbars',
    code: 'SND',
    cost: [90, 1100],
    serialTracked: true,
    freight: false,
    nouns: ['Soundbar with Wireless Subwoofer', 'Dolby Atmos Soundbar', 'Compact Soundbar'],
  },
  {
    name: 'Grills',
    code: 'GRL',
    cost: [260, 2400],
    serialTracked: true,
    freight: true,
    nouns: ['Gas Grill', 'Pellet Grill', 'Built-In Gas Grill Head'],
  },
  {
    name: 'Wine Coolers',
    code: 'WINE',
    cost: [320, 2200],
    serialTracked: true,
    freight: false,
    nouns: ['Dual Zone Wine Cooler', 'Built-In Wine Reserve', 'Beverage Center'],
  },
  {
    name: 'Accessories',
    code: 'ACC',
    cost: [8, 140],
    serialTracked: false,
    freight: false,
    nouns: [
      'Water Filter',
      'Stacking Kit',
      'Dryer Vent Kit',
      'Dishwasher Installation Kit',
      'Gas Range Connector',
      'TV Wall Mount',
    ],
  },
];

export interface DemoBrand {
  name: string;
  code: string;
  manufacturer: string;
  /** GS1 company prefix (6 digits) used to build this brand's UPCs. */
  prefix: string;
  categories: readonly string[];
  /** Model number patterns: L letter, D digit, F a finish code; other characters are literal. */
  patterns: readonly string[];
  finishes: readonly string[];
}

const APPLIANCE_FINISHES = ['SS', 'WW', 'BB', 'FS', 'BS', 'TS'];

export const DEMO_BRANDS: readonly DemoBrand[] = [
  {
    name: 'GE',
    code: 'GE',
    manufacturer: 'GE Appliances',
    prefix: '084691',
    categories: [
      'Refrigerators',
      'Ranges',
      'Dishwashers',
      'Washers',
      'Dryers',
      'Microwaves',
      'Wall Ovens',
      'Cooktops',
      'Range Hoods',
      'Freezers',
      'Accessories',
    ],
    patterns: ['GLDDLLLLF', 'JLDDDLLLF', 'GLLDDDLLLF', 'PLDDLLLLF'],
    finishes: APPLIANCE_FINISHES,
  },
  {
    name: 'Café',
    code: 'CAFE',
    manufacturer: 'GE Appliances',
    prefix: '084692',
    categories: ['Refrigerators', 'Ranges', 'Dishwashers', 'Wall Ovens', 'Cooktops', 'Range Hoods'],
    patterns: ['CLLDDLLLDF', 'CDLDDLLDF'],
    finishes: ['P2', 'P3', 'S2', 'M2'],
  },
  {
    name: 'Monogram',
    code: 'MONO',
    manufacturer: 'GE Appliances',
    prefix: '084693',
    categories: ['Refrigerators', 'Ranges', 'Wall Ovens', 'Cooktops', 'Wine Coolers'],
    patterns: ['ZLDDDLLLF', 'ZLLDDLLF'],
    finishes: ['SS', 'NSS', 'PNR'],
  },
  {
    name: 'Whirlpool',
    code: 'WHR',
    manufacturer: 'Whirlpool Corporation',
    prefix: '883049',
    categories: [
      'Refrigerators',
      'Ranges',
      'Dishwashers',
      'Washers',
      'Dryers',
      'Microwaves',
      'Freezers',
      'Accessories',
    ],
    patterns: ['WLLDDDDLLF', 'WLDDLDDDDLF'],
    finishes: ['Z', 'W', 'B', 'V'],
  },
  {
    name: 'Maytag',
    code: 'MAY',
    manufacturer: 'Whirlpool Corporation',
    prefix: '883050',
    categories: ['Refrigerators', 'Dishwashers', 'Washers', 'Dryers', 'Ranges'],
    patterns: ['MLLDDDDLLF', 'MLDDDDLLF'],
    finishes: ['Z', 'W', 'C'],
  },
  {
    name: 'KitchenAid',
    code: 'KAD',
    manufacturer: 'Whirlpool Corporation',
    prefix: '883051',
    categories: ['Refrigerators', 'Ranges', 'Dishwashers', 'Wall Ovens', 'Cooktops', 'Range Hoods'],
    patterns: ['KLLDDDLLLF', 'KLDDDDLF'],
    finishes: ['SS', 'PS', 'BL', 'WH'],
  },
  {
    name: 'Samsung',
    code: 'SAM',
    manufacturer: 'Samsung Electronics',
    prefix: '887276',
    categories: [
      'Refrigerators',
      'Ranges',
      'Dishwashers',
      'Washers',
      'Dryers',
      'Microwaves',
      'Televisions',
      'Soundbars',
      'Accessories',
    ],
    patterns: ['RFDDLDDDDLR', 'NLDDLDDDDLF', 'QNDDLDDDLF', 'HW-LDDDD'],
    finishes: ['SR', 'AA', 'SG', 'WW'],
  },
  {
    name: 'LG',
    code: 'LG',
    manufacturer: 'LG Electronics',
    prefix: '048231',
    categories: [
      'Refrigerators',
      'Ranges',
      'Dishwashers',
      'Washers',
      'Dryers',
      'Microwaves',
      'Televisions',
      'Soundbars',
    ],
    patterns: ['LLLLDDDDDF', 'OLEDDDLDPUA', 'WMDDDDLLA'],
    finishes: ['S', 'W', 'V', 'BD'],
  },
  {
    name: 'Frigidaire',
    code: 'FRIG',
    manufacturer: 'Electrolux',
    prefix: '012505',
    categories: [
      'Refrigerators',
      'Ranges',
      'Dishwashers',
      'Freezers',
      'Microwaves',
      'Washers',
      'Dryers',
      'Accessories',
    ],
    patterns: ['FLLLDDDLLF', 'GLLLDDDLLF', 'FFLLDDDDLF'],
    finishes: ['S', 'W', 'D', 'F'],
  },
  {
    name: 'Electrolux',
    code: 'ELUX',
    manufacturer: 'Electrolux',
    prefix: '012506',
    categories: ['Washers', 'Dryers', 'Ranges', 'Wall Ovens'],
    patterns: ['ELLDDDLLF', 'ELFLDDDDLF'],
    finishes: ['S', 'W', 'T'],
  },
  {
    name: 'Bosch',
    code: 'BOSCH',
    manufacturer: 'BSH Home Appliances',
    prefix: '825225',
    categories: ['Dishwashers', 'Refrigerators', 'Wall Ovens', 'Cooktops', 'Range Hoods', 'Washers', 'Dryers'],
    patterns: ['SHLDDLDDLF', 'HBLDDDDLUC', 'WAWDDDDLUC'],
    finishes: ['5N', '6N', '8N', 'UC'],
  },
  {
    name: 'Thermador',
    code: 'THER',
    manufacturer: 'BSH Home Appliances',
    prefix: '825226',
    categories: ['Ranges', 'Wall Ovens', 'Cooktops', 'Refrigerators', 'Wine Coolers'],
    patterns: ['PRDDDLLLLF', 'MELDDLLF', 'TLDDDLLF'],
    finishes: ['S', 'W', 'P'],
  },
  {
    name: 'Sub-Zero',
    code: 'SUBZ',
    manufacturer: 'Sub-Zero Group',
    prefix: '701396',
    categories: ['Refrigerators', 'Freezers', 'Wine Coolers'],
    patterns: ['CLDDDDDLLF', 'DLDDDDLLF'],
    finishes: ['ID', 'O', 'G'],
  },
  {
    name: 'Wolf',
    code: 'WOLF',
    manufacturer: 'Sub-Zero Group',
    prefix: '701397',
    categories: ['Ranges', 'Wall Ovens', 'Cooktops', 'Range Hoods'],
    patterns: ['DFDDDDLLF', 'SOLDDLLF', 'CTDDLLF'],
    finishes: ['S', 'P', 'G'],
  },
  {
    name: 'Speed Queen',
    code: 'SPQ',
    manufacturer: 'Alliance Laundry Systems',
    prefix: '712038',
    categories: ['Washers', 'Dryers'],
    patterns: ['TLDDDLLLLF', 'DRDDDLLLLF', 'FFDDDLLLLF'],
    finishes: ['W', 'N', 'G'],
  },
  {
    name: 'Fisher & Paykel',
    code: 'FP',
    manufacturer: 'Fisher & Paykel',
    prefix: '942046',
    categories: ['Refrigerators', 'Dishwashers', 'Ranges', 'Wall Ovens', 'Cooktops'],
    patterns: ['RFDDDLLLLF', 'DDDDLLLDLF', 'ORDDLLLF'],
    finishes: ['X', 'N', 'W'],
  },
  {
    name: 'Sony',
    code: 'SONY',
    manufacturer: 'Sony Electronics',
    prefix: '027242',
    categories: ['Televisions', 'Soundbars'],
    patterns: ['XRDDLDDL', 'KDDDLDDDL', 'HT-LDDDD'],
    finishes: [''],
  },
  {
    name: 'Hisense',
    code: 'HIS',
    manufacturer: 'Hisense',
    prefix: '888143',
    categories: ['Televisions', 'Soundbars', 'Refrigerators', 'Freezers'],
    patterns: ['DDLDDL', 'HLDDDDL', 'HRLDDDDLDF'],
    finishes: ['', 'S', 'W'],
  },
  {
    name: 'TCL',
    code: 'TCL',
    manufacturer: 'TCL Electronics',
    prefix: '846042',
    categories: ['Televisions', 'Soundbars'],
    patterns: ['DDLDDDL', 'LDDDDLDL'],
    finishes: [''],
  },
  {
    name: 'Weber',
    code: 'WEB',
    manufacturer: 'Weber-Stephen Products',
    prefix: '077924',
    categories: ['Grills', 'Accessories'],
    patterns: ['DDDDDDDD', 'DDDDDDDLF'],
    finishes: ['', 'B'],
  },
  {
    name: 'Traeger',
    code: 'TRG',
    manufacturer: 'Traeger Pellet Grills',
    prefix: '634868',
    categories: ['Grills', 'Accessories'],
    patterns: ['TFBDDLLL', 'BACDDD'],
    finishes: [''],
  },
  {
    name: 'Broil King',
    code: 'BK',
    manufacturer: 'Onward Manufacturing',
    prefix: '060162',
    categories: ['Grills'],
    patterns: ['DDDDDD', 'DDDLDD'],
    finishes: [''],
  },
  {
    name: 'Zephyr',
    code: 'ZEPH',
    manufacturer: 'Zephyr Ventilation',
    prefix: '811123',
    categories: ['Range Hoods', 'Wine Coolers'],
    patterns: ['ZLLLDDDLLF', 'PRLLDDDLF'],
    finishes: ['S', 'B', 'W'],
  },
  {
    name: 'Danby',
    code: 'DAN',
    manufacturer: 'Danby Products',
    prefix: '067638',
    categories: ['Freezers', 'Wine Coolers', 'Microwaves', 'Refrigerators'],
    patterns: ['DLLDDDLLLF', 'DWCDDDLLF'],
    finishes: ['SS', 'W', 'B'],
  },
];

export interface DemoProduct {
  modelNumber: string;
  partNumber: string;
  upc: string;
  alternateUpc: string | null;
  description: string;
  brandCode: string;
  categoryCode: string;
  manufacturer: string;
  serialNumberTracked: boolean;
  numOfSerialsPerItem: number | null;
  masterBoxQty: number | null;
  masterCartonCode: string | null;
  itemType: 'FREIGHT' | 'NON FREIGHT';
  status: 'ACTIVE' | 'INACTIVE';
  costCents: number;
  mapCents: number;
  adjMapCents: number;
  /** The vendor's rebate per unit (002 §3 current_rebate): the products sold under an adjusted MAP carry it. */
  currentRebateCents: number | null;
  adjCartPriceCents: number;
  msrpCents: number;
  commissionRate: string;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

function fillPattern(pattern: string, finish: string, random: ReturnType<typeof createRandom>): string {
  let out = '';
  for (const ch of pattern) {
    if (ch === 'L') out += random.pick([...LETTERS]);
    else if (ch === 'D') out += String(random.int(0, 9));
    else if (ch === 'F') out += finish;
    else out += ch;
  }
  return out;
}

function upcFor(prefix: string, item: number): string {
  const body = `${prefix}${String(item).padStart(5, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/** A few thousand products of real brands, realistic model numbers and valid UPC-A check digits. */
export function generateDemoCatalogue(count = 3000, seed = 20261121): DemoProduct[] {
  const random = createRandom(seed);
  const categories = new Map(DEMO_CATEGORIES.map((c) => [c.name, c]));
  const seen = new Set<string>();
  const itemCounters = new Map<string, number>();
  const products: DemoProduct[] = [];
  let guard = 0;
  while (products.length < count && guard++ < count * 20) {
    const brand = random.pick(DEMO_BRANDS);
    const category = categories.get(random.pick(brand.categories))!;
    const finish = random.pick(brand.finishes);
    const modelNumber = fillPattern(random.pick(brand.patterns), finish, random);
    if (seen.has(modelNumber)) continue;
    seen.add(modelNumber);
    const item = (itemCounters.get(brand.prefix) ?? random.int(100, 900)) + random.int(1, 37);
    itemCounters.set(brand.prefix, item);
    const altItem = item + 50000 > 99999 ? null : item + 50000;
    const [low, high] = category.cost;
    const costCents = Math.round((low + random.next() * (high - low)) * 100);
    const mapCents = Math.round((costCents * (1.22 + random.next() * 0.25)) / 100) * 100 - 1;
    const adjMapCents = random.chance(0.3) ? Math.round(mapCents * 0.95) : mapCents;
    const noun = random.pick(category.nouns);
    const size =
      category.name === 'Televisions'
        ? `${random.pick([43, 50, 55, 65, 75, 85])}" `
        : category.name === 'Refrigerators'
          ? `${random.int(18, 29)}.${random.int(0, 9)} cu. ft. `
          : '';
    const serialTracked = category.serialTracked;
    products.push({
      modelNumber,
      partNumber: `${modelNumber.replace(/[^A-Z0-9]/g, '').slice(0, 10)}${random.pick(['', '-1', 'A', 'X'])}`,
      upc: upcFor(brand.prefix, item),
      alternateUpc: altItem && random.chance(0.12) ? upcFor(brand.prefix, altItem) : null,
      description: `${brand.name} ${size}${noun}${finish ? ` - ${finishName(finish)}` : ''}`,
      brandCode: brand.code,
      categoryCode: category.code,
      manufacturer: brand.manufacturer,
      serialNumberTracked: serialTracked,
      numOfSerialsPerItem: serialTracked ? 1 : null,
      masterBoxQty: serialTracked ? null : random.pick([6, 12, 24]),
      masterCartonCode: serialTracked
        ? null
        : upcFor(brand.prefix, item + 70000 > 99999 ? item : item + 70000).replace(/^0/, '1'),
      itemType: category.freight ? 'FREIGHT' : 'NON FREIGHT',
      status: random.chance(0.05) ? 'INACTIVE' : 'ACTIVE',
      costCents,
      mapCents,
      adjMapCents,
      currentRebateCents: adjMapCents < mapCents ? mapCents - adjMapCents : null,
      adjCartPriceCents: random.chance(0.2) ? Math.round(adjMapCents * 0.97) : adjMapCents,
      msrpCents: Math.round(mapCents * 1.15),
      commissionRate: (random.int(150, 800) / 10000).toFixed(4),
    });
  }
  return products;
}

function finishName(code: string): string {
  const names: Record<string, string> = {
    SS: 'Stainless Steel',
    WW: 'White',
    BB: 'Black',
    FS: 'Fingerprint Resistant Stainless',
    BS: 'Black Stainless',
    TS: 'Slate',
    Z: 'Fingerprint Resistant Stainless',
    W: 'White',
    B: 'Black',
    V: 'Black Stainless',
    C: 'Cast Iron Black',
    S: 'Stainless Steel',
    D: 'Black Stainless',
    F: 'Smudge-Proof Stainless',
    T: 'Titanium',
    SR: 'Stainless Steel',
    AA: 'Black',
    SG: 'Stainless Steel',
    P2: 'Matte White',
    P3: 'Matte Black',
    S2: 'Stainless Steel',
    M2: 'Platinum Glass',
    NSS: 'Stainless Steel',
    PNR: 'Panel Ready',
    PS: 'PrintShield Stainless',
    BL: 'Black',
    WH: 'White',
    '5N': 'Stainless Steel',
    '6N': 'Stainless Steel',
    '8N': 'Stainless Steel',
    UC: 'White',
    P: 'Professional',
    ID: 'Panel Ready',
    O: 'Overlay',
    G: 'Glass',
    X: 'Stainless Steel',
    N: 'Stainless Steel',
  };
  return names[code] ?? code;
}
