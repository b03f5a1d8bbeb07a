import { Text as InkText } from 'ink';
import { Children, type ComponentProps } from 'react';
import { terminalText } from '../../client/terminal-text.js';

/**
 * Ink's Text, with every string in it made harmless to the terminal (terminalText): names, customers, tables and
 * messages come from the server, and an escape sequence among them would reach the admin's terminal as it is. Every
 * component of the dashboard writes through this one, never through Ink's own.
 */
export function Text({ children, ...props }: ComponentProps<typeof InkText>) {
  return (
    <InkText {...props}>
      {Children.map(children, (child) => (typeof child === 'string' ? terminalText(child) : child))}
    </InkText>
  );
}
