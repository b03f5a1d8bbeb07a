import type {
  CancellationPayload,
  HandoverPayload,
  ClosurePayload,
  KitchenTicketPayload,
  ReceiptPayload,
  TestPagePayload,
} from '../../src/core/printing/payloads.js';

const confirmedAt = Date.parse('2026-11-21T19:04:05.000Z'); // 20:04 in Rome

export const kitchen: KitchenTicketPayload = {
  kind: 'kitchen',
  orderId: 42,
  ticketNumber: 17,
  displayCode: 'K7P',
  table: '12',
  customer: 'Famiglia Bernardoni-Sant’Agata',
  confirmedAt,
  reprint: false,
  station: 'Cucina',
  items: [
    {
      quantity: 2,
      name: 'Pizza margherita con mozzarella di bufala campana',
      notes: 'più cotta, senza basilico',
      unitPriceCents: 750,
      surchargeCents: 0,
      totalCents: 1500,
    },
    { quantity: 1, name: 'Tiramisù', notes: '', unitPriceCents: 450, surchargeCents: 0, totalCents: 450 },
  ],
};

/** One of three beer tokens at the bar (a category that prints one token per unit). */
export const token: KitchenTicketPayload = {
  ...kitchen,
  station: 'Bar',
  items: [
    {
      quantity: 1,
      name: 'Birra media alla spina 0,4 l',
      notes: 'senza schiuma',
      unitPriceCents: 400,
      surchargeCents: 0,
      totalCents: 400,
    },
  ],
  token: { index: 1, count: 3 },
};

export const receipt: ReceiptPayload = {
  kind: 'receipt',
  orderId: 42,
  ticketNumber: 17,
  displayCode: 'K7P',
  table: '12',
  customer: 'Rossi',
  confirmedAt,
  reprint: false,
  registerName: 'Cassa 1',
  paymentMethod: 'CASH',
  items: [
    {
      quantity: 2,
      name: 'Pizza margherita',
      notes: 'più cotta',
      unitPriceCents: 750,
      surchargeCents: 0,
      totalCents: 1500,
    },
    { quantity: 3, name: 'Caffè', notes: '', unitPriceCents: 120, surchargeCents: 50, totalCents: 410 },
    {
      quantity: 1,
      name: 'Tiramisù della nonna Pierangela',
      notes: '',
      unitPriceCents: 450,
      surchargeCents: 0,
      totalCents: 450,
    },
  ],
  subtotalCents: 2360,
  discountCents: 360,
  surchargeCents: 50,
  totalCents: 2000,
  header: ['Pro Loco di Borgo San Dalmazzo', 'Sagra della castagna'],
  footer: ['Documento non fiscale', 'Grazie e arrivederci!'],
  cashReceivedCents: 5000,
};

export const closure: ClosurePayload = {
  kind: 'closure',
  registerName: 'Cassa 1',
  from: Date.parse('2026-11-21T06:00:00.000Z'),
  to: Date.parse('2026-11-22T00:30:00.000Z'),
  report: {
    id: 'c1',
    timestamp: '2026-11-21T06:00:00.000Z',
    intervalInMinutes: 1110,
    totalRevenue: 1204.5,
    totalCashRevenue: 980,
    totalCardRevenue: 214.5,
    totalOrders: 87,
    averageCompletitionTime: 12.25,
    categoryStats: [
      {
        id: 'a',
        reportId: 'c1',
        categoryId: 'k1',
        categoryName: 'Pizze',
        revenue: 450,
        quantity: 60,
        foodStats: [
          { id: 'f1', categoryStatsId: 'a', foodId: 'p1', foodName: 'Margherita', revenue: 450, quantity: 60 },
        ],
      },
      {
        id: 'b',
        reportId: 'c1',
        categoryId: 'k3',
        categoryName: 'Primi piatti della tradizione',
        revenue: 350,
        quantity: 40,
        foodStats: [
          {
            id: 'f2',
            categoryStatsId: 'b',
            foodId: 'p2',
            foodName: 'Pappardelle al cinghiale',
            revenue: 350,
            quantity: 40,
          },
        ],
      },
      {
        id: 'c',
        reportId: 'c1',
        categoryId: 'k2',
        categoryName: 'Dolci',
        revenue: 434.5,
        quantity: 97,
        foodStats: [
          { id: 'f3', categoryStatsId: 'c', foodId: 'd1', foodName: 'Tiramisù', revenue: 434.5, quantity: 97 },
        ],
      },
    ],
    cashRegisterStats: [
      {
        id: 'r',
        reportId: 'c1',
        cashRegisterId: 'x',
        cashRegisterName: 'Cassa 1',
        totalRevenue: 1174.5,
        totalCashRevenue: 960,
        totalCardRevenue: 204.5,
      },
    ],
    // 10.00 of the revenue was confirmed by a status change: no payment method.
    totalDiscount: 22.5,
    noRegisterStats: { totalRevenue: 30, totalCashRevenue: 20, totalCardRevenue: 10 },
    // 1234.50 of the categories − 22.50 of discounts − 7.50 refunded = 1204.50.
    totalRefunds: 7.5,
    cancellations: { count: 2, amount: 28, cash: 20, card: 8 },
    discountsByReason: [
      { reason: 'Volontari', count: 3, amount: 15 },
      { reason: null, count: 2, amount: 7.5 },
    ],
  },
};

export const testPage: TestPagePayload = {
  kind: 'test',
  printerName: 'Cucina',
  address: '192.168.1.50:9100',
  requestedAt: confirmedAt,
};

export const cancellation: CancellationPayload = {
  ...kitchen,
  kind: 'cancellation',
  cancelledAt: Date.parse('2026-11-21T19:10:00.000Z'),
};

/** A steak with its cooking and a set menu's first course, as a station gets them. */
export const kitchenChoices: KitchenTicketPayload = {
  ...kitchen,
  items: [
    {
      quantity: 2,
      name: 'Tagliata di manzo',
      notes: '',
      unitPriceCents: 1600,
      surchargeCents: 0,
      totalCents: 3200,
      choices: [
        { name: 'ben cotta', priceDeltaCents: 0 },
        { name: 'contorno di patate al forno con rosmarino', priceDeltaCents: 150 },
      ],
    },
    {
      quantity: 1,
      name: 'Tagliatelle al ragù — Menu Pellegrino',
      notes: 'senza formaggio',
      unitPriceCents: 0,
      surchargeCents: 0,
      totalCents: 0,
    },
  ],
};

/** The receipt of a pizza with a topping, a lighter steak and a set menu: every choice with its price change. */
export const receiptChoices: ReceiptPayload = {
  ...receipt,
  items: [
    {
      quantity: 2,
      name: 'Pizza margherita',
      notes: '',
      unitPriceCents: 950,
      surchargeCents: 0,
      totalCents: 1900,
      choices: [{ name: '+ bufala', priceDeltaCents: 200 }],
    },
    {
      quantity: 1,
      name: 'Tagliata di manzo',
      notes: '',
      unitPriceCents: 1400,
      surchargeCents: 0,
      totalCents: 1400,
      choices: [
        { name: 'ben cotta', priceDeltaCents: 0 },
        { name: 'senza contorno', priceDeltaCents: -200 },
      ],
    },
    {
      quantity: 1,
      name: 'Menu Pellegrino',
      notes: '',
      unitPriceCents: 1800,
      surchargeCents: 0,
      totalCents: 1800,
      choices: [
        { name: 'Tagliatelle al ragù della casa', priceDeltaCents: 0 },
        { name: 'Salsiccia e polenta', priceDeltaCents: 0 },
      ],
    },
  ],
  subtotalCents: 5100,
  discountCents: 0,
  surchargeCents: 0,
  totalCents: 5100,
  cashReceivedCents: 6000,
};
/** A drawer closed with a count by coin and note, short by € 1,50, with a card terminal that agrees. */
export const handover: HandoverPayload = {
  kind: 'handover',
  registerName: 'Cassa 1',
  cashierName: 'mario',
  closedByName: 'mario',
  openedAt: confirmedAt - 5 * 3_600_000,
  closedAt: confirmedAt,
  orders: 87,
  floatCents: 10000,
  cashSalesCents: 98050,
  cashRefundsCents: 450,
  expectedCents: 107600,
  countedCents: 107450,
  denominations: [
    { valueCents: 5000, count: 10 },
    { valueCents: 2000, count: 20 },
    { valueCents: 1000, count: 12 },
    { valueCents: 500, count: 8 },
    { valueCents: 200, count: 5 },
    { valueCents: 100, count: 4 },
    { valueCents: 50, count: 9 },
  ],
  differenceCents: -150,
  cardSalesCents: 21450,
  cardRefundsCents: 0,
  cardTerminalCents: 21450,
  cardDifferenceCents: 0,
  note: 'Fondo cassa lasciato nel cassetto per domani; una banconota da 10 sembrava falsa e resta in busta a parte.',
};

/** Closed by someone else, no count and no terminal total: the slip says so rather than printing zeros. */
export const handoverUncounted: HandoverPayload = {
  ...handover,
  closedByName: 'Anna la tesoriera',
  countedCents: null,
  denominations: null,
  differenceCents: null,
  cardTerminalCents: null,
  cardDifferenceCents: null,
  note: null,
};

/** The closure with the evening's drawers: one closed and counted, one closed without a count, one still open. */
export const closureWithSessions: ClosurePayload = {
  ...closure,
  sessions: [
    {
      id: 's1',
      cashRegisterId: 'r1',
      cashRegisterName: 'Cassa 1',
      userName: 'mario',
      openedAt: '2026-11-21T17:00:00.000Z',
      closedAt: '2026-11-21T21:30:00.000Z',
      float: 100,
      cashSales: 600.5,
      cardSales: 120,
      expectedCash: 700.5,
      counted: 699,
      difference: -1.5,
    },
    {
      id: 's2',
      cashRegisterId: 'r1',
      cashRegisterName: 'Cassa 1',
      userName: 'Anna la tesoriera',
      openedAt: '2026-11-21T21:30:00.001Z',
      closedAt: '2026-11-21T23:00:00.000Z',
      float: 50,
      cashSales: 200,
      cardSales: 0,
      expectedCash: 250,
      counted: null,
      difference: null,
    },
    {
      id: 's3',
      cashRegisterId: 'r2',
      cashRegisterName: 'Bar',
      userName: 'luca',
      openedAt: '2026-11-21T18:00:00.000Z',
      closedAt: null,
      float: 0,
      cashSales: 179.5,
      cardSales: 94.5,
      expectedCash: 179.5,
      counted: null,
      difference: null,
    },
  ],
};
