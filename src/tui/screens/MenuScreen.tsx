import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { Category, Food } from '../../api/catalog.js';
import type { Printer } from '../../api/printers.js';
import { Form, type FieldValue, type FormField } from '../components/Form.js';
import { type ListRow, ResourceList } from '../components/ResourceList.js';
import { readMoney, showMoney } from '../money.js';
import { DashboardLocale, useDashboardTexts } from '../texts.js';
import { localRefusal } from '../form-errors.js';
import { allergenWord, parseAllergens } from '../../i18n/allergens.js';
import type { MessageKey } from '../../i18n/index.js';
import { choicesText, readChoicesText } from '../choices-text.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

type Editing = { what: 'food' | 'category'; id: string | null } | null;

type ApiFood = z.infer<typeof Food>;

/** The menu's order: category (as placed), food position, name. */
function inMenuOrder(foods: readonly ApiFood[], place: ReadonlyMap<string, number>): ApiFood[] {
  return [...foods].sort(
    (a, b) =>
      (place.get(a.categoryId) ?? 0) - (place.get(b.categoryId) ?? 0) ||
      a.position - b.position ||
      a.name.localeCompare(b.name),
  );
}

/**
 * 2 Menu: the foods by category in the tills' order (add, edit, delete, price, category, printer, on sale, portions
 * left, allergens; `u`/`d` move one up or down its category), and with `c` the categories in the order the tills show
 * them (position, printer, on/off, one token per unit).
 */
export function MenuScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t } = useDashboardTexts();
  const locale = useContext(DashboardLocale);
  const [foods, setFoods] = useState<Array<z.infer<typeof Food>> | null>(null);
  const [categories, setCategories] = useState<Array<z.infer<typeof Category>>>([]);
  // Where each list's cursor is, kept across the forms opened from it.
  const [selectedFood, setSelectedFood] = useState<string | null>(null);
  const [selectedCategory, setSelectedCategory] = useState<string | null>(null);
  const [printers, setPrinters] = useState<Array<z.infer<typeof Printer>>>([]);
  const [showing, setShowing] = useState<'foods' | 'categories'>('foods');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, say, fail] = useNotice();

  // A read that started before a move must not put the old order back on screen: only the latest read is shown.
  const reads = useRef(0);
  const load = useCallback(() => {
    const read = ++reads.current;
    Promise.all([client.foods(), client.list('/v1/categories'), client.printers()]).then(([f, c, p]) => {
      if (read !== reads.current) return;
      const sorted = [...c].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
      setFoods(inMenuOrder(f, new Map(sorted.map((category, index) => [category.id, index]))));
      setCategories(sorted);
      setPrinters(p);
    }, fail);
  }, [client, fail]);
  useEffect(() => {
    if (active) load();
  }, [active, load]);
  const edit = (next: Editing) => {
    setEditing(next);
    onCapture(next !== null);
  };
  /**
   * A food one place up (-1) or down (+1) inside its category: the category's foods are numbered again 10, 20, 30…
   * in the new order (equal positions fall back to the name, so a swap alone may not move anything), and only the
   * foods whose number changes are sent. Shown at once; read again when the server has them.
   */
  const move = (id: string | null, delta: -1 | 1): number => {
    const food = foods?.find((each) => each.id === id);
    if (!foods || !food) return 0;
    const siblings = foods.filter((each) => each.categoryId === food.categoryId);
    const at = siblings.indexOf(food);
    const to = at + delta;
    if (to < 0 || to >= siblings.length) return 0;
    const order = [...siblings];
    [order[at], order[to]] = [order[to] as ApiFood, order[at] as ApiFood];
    const changes = order
      .map((each, index) => ({ food: each, position: (index + 1) * 10 }))
      .filter((change) => change.food.position !== change.position);
    const positions = new Map(changes.map((change) => [change.food.id, change.position]));
    const place = new Map(categories.map((category, index) => [category.id, index]));
    setFoods(
      inMenuOrder(
        foods.map((each) => ({ ...each, position: positions.get(each.id) ?? each.position })),
        place,
      ),
    );
    Promise.all(changes.map((change) => client.updateFood(change.food.id, { position: change.position }))).then(
      load,
      (error: unknown) => {
        fail(error);
        load();
      },
    );
    return delta;
  };
  const marks = (allergens: readonly string[]) =>
    allergens.map((allergen) => t(`allergen.mark.${allergen}` as MessageKey)).join(' ');
  const printerName = (id: string | null, none: string) =>
    id === null ? none : (printers.find((p) => p.id === id)?.name ?? '?');
  const printerChoices = (none: string) => [
    { value: null, label: none },
    ...printers.map((p) => ({ value: p.id, label: p.name })),
  ];

  if (editing?.what === 'food') {
    const food = foods?.find((each) => each.id === editing.id) ?? null;
    const fields: FormField[] = [
      { key: 'name', label: t('console.menu.name'), kind: 'text' },
      { key: 'price', label: t('console.menu.price'), kind: 'text', hint: t('console.menu.priceHint') },
      {
        key: 'categoryId',
        label: t('console.menu.category'),
        kind: 'choice',
        choices: categories.map((c) => ({ value: c.id, label: c.name })),
      },
      {
        key: 'printerId',
        label: t('console.menu.printer'),
        kind: 'choice',
        choices: printerChoices(t('console.categoryPrinter')),
      },
      { key: 'available', label: t('console.menu.onSale'), kind: 'switch' },
      { key: 'stock', label: t('console.menu.stock'), kind: 'text', hint: t('console.menu.stockHint') },
      { key: 'description', label: t('console.menu.description'), kind: 'text' },
      { key: 'position', label: t('console.menu.position'), kind: 'text', hint: t('console.menu.positionHint') },
      { key: 'allergens', label: t('console.menu.allergens'), kind: 'text', hint: t('console.menu.allergensHint') },
      // The cover charge or the takeaway fee: the server adds its line to orders by it (one food per role).
      {
        key: 'role',
        label: t('console.menu.role'),
        kind: 'choice',
        choices: [
          { value: null, label: t('console.menu.roleNone') },
          { value: 'COVER', label: t('console.menu.roleCover') },
          { value: 'TAKEAWAY_FEE', label: t('console.menu.roleTakeawayFee') },
        ],
      },
      { key: 'choices', label: t('console.menu.choices'), kind: 'text', hint: t('console.menu.choicesHint') },
    ];
    const menuFoods = foods ?? [];
    const initial: Record<string, FieldValue> = food
      ? {
          name: food.name,
          price: showMoney(locale, food.price),
          categoryId: food.categoryId,
          printerId: food.printerId,
          available: food.available,
          stock: food.stock === null ? '' : String(food.stock),
          description: food.description,
          position: String(food.position),
          allergens: food.allergens.map((allergen) => allergenWord(locale, allergen)).join(', '),
          role: food.role ?? null,
          choices: choicesText(locale, food.choices ?? [], menuFoods),
        }
      : {
          name: '',
          price: '',
          categoryId: categories[0]?.id ?? null,
          printerId: null,
          available: true,
          stock: '',
          description: '',
          position: '',
          allergens: '',
          role: null,
          choices: '',
        };
    const save = async (values: Record<string, FieldValue>) => {
      const price = readMoney(String(values['price'] ?? ''));
      const stockText = String(values['stock'] ?? '').trim();
      const stock = stockText === '' ? null : /^\d+$/.test(stockText) ? Number(stockText) : undefined;
      // Said here, before the server is asked: a typo in a price is not worth a round trip.
      const local: Array<{ path: string; message: string }> = [];
      if (price === null) local.push({ path: 'body.price', message: t('console.notAmount') });
      if (stock === undefined) local.push({ path: 'body.stock', message: t('console.notNumber') });
      const positionText = String(values['position'] ?? '').trim();
      if (positionText !== '' && !/^-?\d{1,7}$/.test(positionText))
        local.push({ path: 'body.position', message: t('console.notNumber') });
      const allergens = parseAllergens(String(values['allergens'] ?? ''));
      if (allergens.unknown.length > 0)
        local.push({
          path: 'body.allergens',
          message: t('console.menu.notAllergen', { words: allergens.unknown.join(', ') }),
        });
      const choices = readChoicesText(String(values['choices'] ?? ''), menuFoods);
      if ('error' in choices) local.push({ path: 'body.choices', message: choices.error });
      if (local.length > 0) throw localRefusal(local);
      const categoryId = String(values['categoryId'] ?? '');
      // Left blank: the end of its category.
      const last = Math.max(0, ...(foods ?? []).filter((f) => f.categoryId === categoryId).map((f) => f.position));
      const body = {
        name: String(values['name'] ?? ''),
        description: String(values['description'] ?? ''),
        price: price as number,
        categoryId,
        printerId: (values['printerId'] as string | null) ?? null,
        available: values['available'] === true,
        stock: stock as number | null,
        position: positionText === '' ? last + 10 : Number(positionText),
        allergens: allergens.allergens,
        role: (values['role'] as 'COVER' | 'TAKEAWAY_FEE' | null) ?? null,
        choices: 'groups' in choices ? choices.groups : [],
      };
      if (food) {
        // A replace keeps the food's ingredients only if they are sent again.
        const current = await client.get('/v1/foods', food.id, { include: 'ingredients' });
        await client.replace('/v1/foods', food.id, {
          ...body,
          ingredients: (current.ingredients ?? []).map(({ id }) => ({ id })),
        });
      } else {
        await client.create('/v1/foods', body);
      }
      say(t('console.saved', { name: body.name }));
    };
    return (
      <Form
        key={editing.id ?? 'new'}
        title={food ? t('console.menu.editFood', { name: food.name }) : t('console.menu.addFood')}
        fields={fields}
        initial={initial}
        save={save}
        onDone={() => {
          edit(null);
          load();
        }}
        width={width}
        height={height}
        active={active}
      />
    );
  }
  if (editing?.what === 'category') {
    const category = categories.find((each) => each.id === editing.id) ?? null;
    const fields: FormField[] = [
      { key: 'name', label: t('console.menu.name'), kind: 'text' },
      { key: 'position', label: t('console.menu.position'), kind: 'text', hint: t('console.menu.positionHint') },
      {
        key: 'printerId',
        label: t('console.menu.printer'),
        kind: 'choice',
        // A category without a printer prints at the register's printer: the choice says where it goes.
        choices: printerChoices(t('console.registerPrinter')),
      },
      { key: 'available', label: t('console.menu.onSale'), kind: 'switch' },
      { key: 'ticketPerUnit', label: t('console.menu.tokens'), kind: 'switch' },
    ];
    const last = categories.reduce((max, c) => Math.max(max, c.position), 0);
    const initial: Record<string, FieldValue> = category
      ? {
          name: category.name,
          position: String(category.position),
          printerId: category.printerId,
          available: category.available,
          ticketPerUnit: category.ticketPerUnit,
        }
      : { name: '', position: String(last + 1), printerId: null, available: true, ticketPerUnit: false };
    const save = async (values: Record<string, FieldValue>) => {
      const position = String(values['position'] ?? '').trim();
      if (!/^-?\d+$/.test(position)) throw localRefusal([{ path: 'body.position', message: t('console.notNumber') }]);
      const body = {
        name: String(values['name'] ?? ''),
        position: Number(position),
        printerId: (values['printerId'] as string | null) ?? null,
        available: values['available'] === true,
        ticketPerUnit: values['ticketPerUnit'] === true,
      };
      if (category) await client.replace('/v1/categories', category.id, body);
      else await client.create('/v1/categories', body);
      say(t('console.saved', { name: body.name }));
    };
    return (
      <Form
        key={editing.id ?? 'new'}
        title={category ? t('console.menu.editCategory', { name: category.name }) : t('console.menu.addCategory')}
        fields={fields}
        initial={initial}
        save={save}
        onDone={() => {
          edit(null);
          load();
        }}
        width={width}
        height={height}
        active={active}
      />
    );
  }

  const common = { width, height, active, onCapture, message: notice.message, tone: notice.tone };
  const remove = (path: '/v1/foods' | '/v1/categories', name: string) => (id: string) =>
    client.remove(path, id).then(() => {
      say(t('console.deleted', { name }));
      load();
    }, fail);
  if (showing === 'categories') {
    const rows: ListRow[] = categories.map((c) => ({
      id: c.id,
      cells: [
        c.name,
        String(c.position),
        printerName(c.printerId, t('console.registerPrinter')),
        c.available ? t('console.yes') : t('console.no'),
        c.ticketPerUnit ? t('console.yes') : '',
      ],
      ...(c.available ? {} : { tone: 'off' as const }),
    }));
    return (
      <ResourceList
        selectedId={selectedCategory}
        onSelect={setSelectedCategory}
        {...common}
        title={t('console.menu.categories')}
        columns={[
          t('console.menu.name'),
          t('console.menu.position'),
          t('console.menu.printer'),
          t('console.menu.onSale'),
          t('console.menu.tokens'),
        ]}
        rows={foods === null ? null : rows}
        onAdd={() => edit({ what: 'category', id: null })}
        onEdit={(id) => edit({ what: 'category', id })}
        onDelete={(id) => remove('/v1/categories', categories.find((c) => c.id === id)?.name ?? '')(id)}
        keys={{
          f: () => setShowing('foods'),
          ' ': (id) => {
            const category = categories.find((c) => c.id === id);
            if (category)
              client.patch('/v1/categories', category.id, { available: !category.available }).then(load, fail);
          },
        }}
        help={t('console.keys.categories')}
      />
    );
  }
  const rows: ListRow[] = (foods ?? []).map((food) => ({
    id: food.id,
    cells: [
      food.name,
      food.category.name,
      showMoney(locale, food.price).padStart(7),
      printerName(food.printerId, t('console.categoryPrinter')),
      // The same words as the food list of the orders board: what a till sells, not a tick that reads backwards.
      food.available ? `[x] ${t('dashboard.foods.available')}` : `[ ] ${t('dashboard.foods.soldOut')}`,
      food.portionsLeft === null ? '' : String(food.portionsLeft),
      marks(food.allergens),
    ],
    ...(food.available ? {} : { tone: 'off' as const }),
  }));
  return (
    <ResourceList
      selectedId={selectedFood}
      onSelect={setSelectedFood}
      {...common}
      title={t('console.menu.foods')}
      columns={[
        t('console.menu.name'),
        t('console.menu.category'),
        t('console.menu.price').padStart(7),
        t('console.menu.printer'),
        t('console.menu.onSale'),
        t('console.menu.left'),
        t('console.menu.allergens'),
      ]}
      keep={[0, 2]}
      rows={foods === null ? null : rows}
      onAdd={() =>
        categories.length === 0 ? say(t('console.menu.noCategory'), 'warning') : edit({ what: 'food', id: null })
      }
      onEdit={(id) => edit({ what: 'food', id })}
      onDelete={(id) => remove('/v1/foods', foods?.find((f) => f.id === id)?.name ?? '')(id)}
      keys={{
        c: () => setShowing('categories'),
        u: (id) => move(id, -1),
        d: (id) => move(id, 1),
        ' ': (id) => {
          const food = foods?.find((f) => f.id === id);
          if (!food) return;
          client.updateFood(food.id, { available: !food.available }).then(() => {
            say(t(food.available ? 'console.menu.nowSoldOut' : 'console.menu.nowOnSale', { name: food.name }));
            load();
          }, fail);
        },
      }}
      help={t('console.keys.foods')}
    />
  );
}
