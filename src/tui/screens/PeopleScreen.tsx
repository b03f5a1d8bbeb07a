import { networkInterfaces } from 'node:os';
import { Box, useInput } from 'ink';
import { Text } from '../components/Text.js';
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { ApiKey, User } from '../../api/auth.js';
import { KEY_SCOPES, ROLES } from '../../api/enums.js';
import { Form, type FieldValue, type FormField } from '../components/Form.js';
import { type ListRow, ResourceList } from '../components/ResourceList.js';
import { useDashboardTexts } from '../texts.js';
import { useNotice } from './notice.js';
import type { ScreenProps } from './screen.js';

/** Where each kind of device key opens its page. */
const PAGE_OF_SCOPE: Record<(typeof KEY_SCOPES)[number], string | null> = {
  display: '/display',
  kitchen: '/kitchen',
  pickup: '/pickup',
  printer: null,
};

/**
 * The address a device opens: the server's as this console reaches it, or, when that is this machine's loopback
 * (the console on the server's laptop), the first address of this machine on a network, which a tablet can reach.
 */
export function deviceAddress(baseUrl: string, page: string, key: string): string {
  const url = new URL(baseUrl);
  if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((each) => each && each.family === 'IPv4' && !each.internal);
    if (lan) url.hostname = lan.address;
  }
  return `${url.origin}${page}?key=${encodeURIComponent(key)}`;
}

type Editing = { what: 'user' | 'key'; id: string | null } | null;

/**
 * 5 People: who logs in (username, role; add, edit the role or the password, delete) and, with `k`, the device keys
 * of the TV and the kitchen screens: a new key shows the address to open on the device and its QR code, once.
 */
export function PeopleScreen({ client, width, height, active, onCapture }: ScreenProps) {
  const { t } = useDashboardTexts();
  const [users, setUsers] = useState<Array<z.infer<typeof User>> | null>(null);
  const [keys, setKeys] = useState<Array<z.infer<typeof ApiKey>> | null>(null);
  // Where each list's cursor is, kept across the forms opened from it.
  const [selectedUser, setSelectedUser] = useState<string | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [showing, setShowing] = useState<'users' | 'keys'>('users');
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<{ url: string; qr: string } | null>(null);
  const [notice, say, fail] = useNotice();
  const load = useCallback(() => {
    Promise.all([client.list('/v1/users'), client.list('/v1/api-keys')]).then(([u, k]) => {
      setUsers(u);
      setKeys(k);
    }, fail);
  }, [client, fail]);
  useEffect(load, [load]);
  const edit = (next: Editing) => {
    setEditing(next);
    onCapture(next !== null);
  };
  useInput(
    () => {
      setCreated(null);
      onCapture(false);
    },
    { isActive: active && created !== null },
  );

  if (created) {
    const qr = created.qr.replace(/^\n+|\n+$/g, '');
    const qrWidth = Math.max(...qr.split('\n').map((line) => line.replace(/\u001b\[[0-9;]*m/g, '').length));
    // The note beside the code when there is room, so code and address fit 24 rows; never the address itself,
    // which a terminal would copy together with the code's blocks on the same lines.
    const noteWidth = width - qrWidth - 3;
    const beside = noteWidth >= 24;
    const note = (
      <Text color="yellow" wrap={beside ? 'wrap' : 'truncate-end'}>
        {t('console.people.keyOnce')}
      </Text>
    );
    return (
      <Box flexDirection="column" height={height}>
        <Box flexDirection="row">
          <Text>{qr}</Text>
          {beside ? (
            <Box marginLeft={2} width={noteWidth}>
              {note}
            </Box>
          ) : null}
        </Box>
        <Box flexGrow={1} />
        {/* Whole, on as many lines as it takes: an address cut short cannot be copied. */}
        <Text bold color="cyan" wrap="wrap">
          {t('console.people.address', { url: created.url })}
        </Text>
        {beside ? null : note}
      </Box>
    );
  }
  if (editing?.what === 'user') {
    const user = users?.find((each) => each.id === editing.id) ?? null;
    const roles = ROLES.map((role) => ({ value: role, label: t(`console.people.role.${role}`) }));
    const fields: FormField[] = [
      ...(user ? [] : [{ key: 'username', label: t('console.people.username'), kind: 'text' as const }]),
      { key: 'role', label: t('console.people.role'), kind: 'choice', choices: roles },
      {
        key: 'password',
        label: t('console.people.password'),
        kind: 'text',
        secret: true,
        hint: t(user ? 'console.people.passwordKeep' : 'console.people.passwordHint'),
      },
    ];
    const initial: Record<string, FieldValue> = { username: '', role: user?.role ?? 'operator', password: '' };
    const save = async (values: Record<string, FieldValue>) => {
      const role = values['role'] === 'admin' ? 'admin' : 'operator';
      const password = String(values['password'] ?? '');
      if (user) await client.patch('/v1/users', user.id, { role, ...(password ? { password } : {}) });
      else await client.create('/v1/users', { username: String(values['username'] ?? ''), password, role });
      say(t('console.saved', { name: user?.username ?? String(values['username']) }));
    };
    return (
      <Form
        key={editing.id ?? 'new'}
        title={user ? t('console.people.editUser', { name: user.username }) : t('console.people.addUser')}
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
  if (editing?.what === 'key') {
    const fields: FormField[] = [
      { key: 'name', label: t('console.people.name'), kind: 'text', hint: 'TV, Griglia…' },
      {
        key: 'scope',
        label: t('console.people.scope'),
        kind: 'choice',
        choices: KEY_SCOPES.map((scope) => ({ value: scope, label: t(`console.people.scope.${scope}`) })),
      },
    ];
    const save = async (values: Record<string, FieldValue>) => {
      const scope = KEY_SCOPES.find((each) => each === values['scope']) ?? 'display';
      const key = await client.createApiKey({ name: String(values['name'] ?? ''), scope });
      const page = PAGE_OF_SCOPE[scope];
      if (page) {
        const url = deviceAddress(client.baseUrl, page, key.key);
        const { default: QRCode } = await import('qrcode');
        setCreated({ url, qr: await QRCode.toString(url, { type: 'terminal', small: true }) });
      } else {
        say(t('console.people.address', { url: key.key }));
      }
    };
    return (
      <Form
        key="new-key"
        title={t('console.people.addKey')}
        fields={fields}
        initial={{ name: '', scope: 'display' }}
        save={save}
        onDone={(saved) => {
          setEditing(null);
          onCapture(saved); // the address stays until a key is pressed
          load();
        }}
        width={width}
        height={height}
        active={active}
      />
    );
  }
  const common = { width, height, active, onCapture, message: notice.message, tone: notice.tone };
  if (showing === 'keys') {
    const rows: ListRow[] = (keys ?? []).map((key) => ({
      id: key.id,
      cells: [
        key.name,
        t(`console.people.scope.${key.scope}`),
        key.lastUsedAt ? key.lastUsedAt.slice(0, 16).replace('T', ' ') : t('console.people.never'),
      ],
    }));
    return (
      <ResourceList
        selectedId={selectedKey}
        onSelect={setSelectedKey}
        {...common}
        title={t('console.people.keys')}
        columns={[t('console.people.name'), t('console.people.scope'), t('console.people.lastUsed')]}
        rows={keys === null ? null : rows}
        onAdd={() => edit({ what: 'key', id: null })}
        onDelete={(id) => {
          const name = keys?.find((k) => k.id === id)?.name ?? '';
          client.remove('/v1/api-keys', id).then(() => {
            say(t('console.deleted', { name }));
            load();
          }, fail);
        }}
        keys={{ u: () => setShowing('users') }}
        help={t('console.keys.deviceKeys')}
      />
    );
  }
  const rows: ListRow[] = (users ?? []).map((user) => ({
    id: user.id,
    cells: [user.username, t(`console.people.role.${user.role}`)],
  }));
  return (
    <ResourceList
      selectedId={selectedUser}
      onSelect={setSelectedUser}
      {...common}
      title={t('console.people.users')}
      columns={[t('console.people.username'), t('console.people.role')]}
      rows={users === null ? null : rows}
      onAdd={() => edit({ what: 'user', id: null })}
      onEdit={(id) => edit({ what: 'user', id })}
      onDelete={(id) => {
        const name = users?.find((u) => u.id === id)?.username ?? '';
        client.remove('/v1/users', id).then(() => {
          say(t('console.deleted', { name }));
          load();
        }, fail);
      }}
      keys={{ d: () => setShowing('keys') }}
      help={t('console.keys.users')}
    />
  );
}
