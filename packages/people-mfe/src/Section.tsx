// Exposed as `people/Section`: the Users section of the admin shell.
import { canChange, type SectionProps } from '@growth-admin/shared-client';
import { UsersScreen } from './users/UsersScreen';

export default function PeopleSection({ toast, user, slots }: SectionProps) {
  return <UsersScreen toast={toast} canChange={canChange(user)} slots={slots} />;
}
