// Which printers are kitchen stations (pure; test/web/kitchen-stations.test.ts). A station is a printer that kitchen
// tickets are routed to, by the same rule as the tickets: a food's own printer, else its category's, else the
// register's. A printer that only prints the customers' receipts ("Cassa") has no station behind it. A station that
// works from its screen alone (no paper, `kitchenTickets: false`) is still a station: the routing decides, not paper.

interface Routed {
  printerId: string | null;
}

export function kitchenStations(
  printers: ReadonlyArray<{ id: string; name: string }>,
  categories: ReadonlyArray<Routed & { id: string }>,
  foods: ReadonlyArray<Routed & { categoryId: string }>,
  registers: ReadonlyArray<{ defaultPrinterId: string | null }>,
): Array<{ id: string; name: string }> {
  const routed = new Set<string>();
  const categoryPrinter = new Map(categories.map((category) => [category.id, category.printerId]));
  for (const category of categories) if (category.printerId) routed.add(category.printerId);
  let toRegister = false;
  for (const food of foods) {
    const printer = food.printerId ?? categoryPrinter.get(food.categoryId) ?? null;
    if (printer) routed.add(printer);
    else toRegister = true;
  }
  // Items with neither a food nor a category printer go to the register's printer: then that one is a station too.
  if (toRegister)
    for (const register of registers) if (register.defaultPrinterId) routed.add(register.defaultPrinterId);
  return printers.filter((printer) => routed.has(printer.id)).map(({ id, name }) => ({ id, name }));
}
