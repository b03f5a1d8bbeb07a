import { useCallback, useContext, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { Category, Food } from '../../api/catalog.js';
import type { Printer } from '../../api/printers.js';
import { Form, type FieldValue, type FormField } from '../components/Form.js';
import { type ListRow, ResourceList } from '../components/ResourceList.js';
import { readMoney, showMoney } from '../money.js';
import { DashboardLocale, useDashboardTexts } from '../texts.js';
import { localRefusal } from '../form-errors.js';
import { choicesText, readChoicesText } from '../choices-text.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

type Editing = { what: 'food' | 'category'; id: string | null } | null;

/**
 * 2 Menu: the foods by category (add, edit, delete, price, category, printer, on sale, portions left), and with `c`
 * the categories in the order the tills show them (position, printer, on/off).
 */
export function MenuScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t } = useDashboardTexts();
  const locale = useContext(DashboardLocale);
  const [foods, setFoods] = useState<Array<z.infer<typeof Food>> | null>(null);
  const [categories, setCategories] = useState<Array<z.infer<typeof Category>>>([]);
  const [printers, setPrinters] = useState<Array<z.infer<typeof Printer>>>([]);
  const [showing, setShowing] = useState<'foods' | 'categories'>('foods');
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, say, fail] = useNotice();

  const load = useCallback(() => {
    Promise.all([client.foods(), client.list('/v1/categories'), client.printers()]).then(([f, c, p]) => {
      const sorted = [...c].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
      const place = new Map(sorted.map((category, index) => [category.id, index]));
      setFoods(
        [...f].sort(
          (a, b) => (place.get(a.categoryId) ?? 0) - (place.get(b.categoryId) ?? 0) || a.name.localeCompare(b.name),
        ),
      );
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
      const choices = readChoicesText(String(values['choices'] ?? ''), menuFoods);
      if ('error' in choices) local.push({ path: 'body.choices', message: choices.error });
      if (local.length > 0) throw localRefusal(local);
      const body = {
        name: String(values['name'] ?? ''),
        description: String(values['description'] ?? ''),
        price: price as number,
        categoryId: String(values['categoryId'] ?? ''),
        printerId: (values['printerId'] as string | null) ?? null,
        available: values['available'] === true,
        stock: stock as number | null,
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
        choices: printerChoices(t('console.noPrinter')),
      },
      { key: 'available', label: t('console.menu.onSale'), kind: 'switch' },
    ];
    const last = categories.reduce((max, c) => Math.max(max, c.position), 0);
    const initial: Record<string, FieldValue> = category
      ? {
          name: category.name,
          position: String(category.position),
          printerId: category.printerId,
          available: category.available,
        }
      : { name: '', position: String(last + 1), printerId: null, available: true };
    const save = async (values: Record<string, FieldValue>) => {
      const position = String(values['position'] ?? '').trim();
      if (!/^-?\d+$/.test(position)) throw localRefusal([{ path: 'body.position', message: t('console.notNumber') }]);
      const body = {
        name: String(values['name'] ?? ''),
        position: Number(position),
        printerId: (values['printerId'] as string | null) ?? null,
        available: values['available'] === true,
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
        printerName(c.printerId, t('console.noPrinter')),
        c.available ? t('console.yes') : t('console.no'),
      ],
      ...(c.available ? {} : { tone: 'off' as const }),
    }));
    return (
      <ResourceList
        {...common}
        title={t('console.menu.categories')}
        columns={[
          t('console.menu.name'),
          t('console.menu.position'),
          t('console.menu.printer'),
          t('console.menu.onSale'),
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
    ],
    ...(food.available ? {} : { tone: 'off' as const }),
  }));
  return (
    <ResourceList
      {...common}
      title={t('console.menu.foods')}
      columns={[
        t('console.menu.name'),
        t('console.menu.category'),
        t('console.menu.price').padStart(7),
        t('console.menu.printer'),
        t('console.menu.onSale'),
        t('console.menu.left'),
      ]}
      rows={foods === null ? null : rows}
      onAdd={() =>
        categories.length === 0 ? say(t('console.menu.noCategory'), 'warning') : edit({ what: 'food', id: null })
      }
      onEdit={(id) => edit({ what: 'food', id })}
      onDelete={(id) => remove('/v1/foods', foods?.find((f) => f.id === id)?.name ?? '')(id)}
      keys={{
        c: () => setShowing('categories'),
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
