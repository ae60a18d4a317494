// Ctrl/Cmd+K: a dialog with a search box over a listbox of places to go (sections, an order or a
// user by number). Arrow keys move through the list (the box keeps the focus and names the active
// option), Enter goes, Escape closes and antd gives the focus back to where it was.
import { useId, useRef, useState } from 'react';
import { Input, Modal, type InputRef } from 'antd';
import type { ComposedSection } from '@growth-admin/shared-client';
import { paletteCommands, type Command } from './commands';

export function CommandPalette({
  open,
  sections,
  basePath,
  onGo,
  onClose,
}: {
  open: boolean;
  sections: readonly ComposedSection[];
  basePath: string;
  onGo: (href: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const box = useRef<InputRef>(null);
  const commands = paletteCommands(sections, query, basePath);
  const current = Math.min(active, commands.length - 1);

  const go = (command: Command | undefined) => {
    if (!command) return;
    onClose();
    onGo(command.href);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + commands.length) % commands.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(commands[current]);
    }
  };

  return (
    <Modal
      open={open}
      title="Go to"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      afterOpenChange={(visible) => {
        // The dialog takes the focus as it opens; the search box is where typing goes.
        if (visible) box.current?.focus();
        else {
          setQuery('');
          setActive(0);
        }
      }}
    >
      <Input
        ref={box}
        autoFocus
        role="combobox"
        aria-label="Go to a section, an order or a user"
        aria-expanded
        aria-controls={`${id}-list`}
        aria-activedescendant={commands.length ? `${id}-${commands[current].id}` : undefined}
        aria-autocomplete="list"
        placeholder="Section name, order number or user ID"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Places" className="ga-palette-list">
        {commands.map((command, index) => (
          <li
            key={command.id}
            id={`${id}-${command.id}`}
            role="option"
            aria-selected={index === current}
            className="ga-palette-option"
            onMouseEnter={() => setActive(index)}
            onClick={() => go(command)}
          >
            {command.label}
          </li>
        ))}
        {commands.length === 0 && <li className="ga-palette-empty">Nothing matches</li>}
      </ul>
    </Modal>
  );
}
