// @ts-nocheck
import type { ReactNode } from 'react';
import { Button } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

/*
 * The buttons of a table's Actions column: small, with an icon, named for the row they act on
 * (`aria-label="Edit relay mta1.example.com"`), so that screen readers and journeys find each one.
 */

/** A button that opens another screen: Edit, Relays, Balancers. */
export function LinkButton({
  to,
  icon,
  label,
  children,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Link to={to}>
      <Button size="small" icon={icon} aria-label={label}>
        {children}
      </Button>
    </Link>
  );
}

export const EditButton = ({ to, label }: { to: string; label: string }) => (
  <LinkButton to={to} icon={<EditOutlined />} label={label}>
    Edit
  </LinkButton>
);

/** Delete: the caller asks for the confirmation. */
export const DeleteButton = ({ label, onClick }: { label: string; onClick: () => void }) => (
  <Button size="small" danger icon={<DeleteOutlined />} aria-label={label} onClick={onClick}>
    Delete
  </Button>
);
