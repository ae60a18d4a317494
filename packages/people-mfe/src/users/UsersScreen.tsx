import { Button, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import type { Person, ToastApi, SlotHost } from '@growth-admin/shared-client';
import { AddCoinsDialog } from '../addCoins/AddCoinsDialog';
import { UserDetailsDialog } from '../details/UserDetailsDialog';
import { ColumnCustomizer } from './ColumnCustomizer';
import { visibleColumns } from './columns';
import { isIdLookup, SEARCH_OPTIONS, type SearchType, USERS_URL } from './search';
import { useUserByUrl } from './useUserByUrl';
import { useColumnVisibility } from './useColumnVisibility';
import { toPersonFilters, usePersonsPage } from './usePersonsPage';
import { buildTableColumns, sortOfColumn } from './userTableColumns';
import { PERSONS_PAGE_SIZE } from '../api';
import { ExportCsvButton, FilterChips, LoadError, PageHeader, Pager, pagingFigures, SearchBar, useFailureToast, useFocusReturn, useListUrl } from '@growth-admin/ui-kit';

export const EMPTY_USERS_TEXT = 'No users found matching your criteria';

/** The dialogs show the cached copy of their person, so a top-up appears in them at once. */
function freshest(person: Person | null, rows: Person[]): Person | null {
  return person && (rows.find((row) => row._id === person._id) ?? person);
}

/**
 * The Users list. Its search and page live in the URL's query, an open user's details in its path
 * (`/users/<customId>`), so reload, back/forward and a pasted link show the same.
 */
export function UsersScreen({
  toast,
  canChange,
  slots,
}: {
  toast: ToastApi;
  /** Offer Add Coins (operators and owners). */ canChange: boolean;
  /** Other teams' tabs in User Details (the shell's slot host; absent with an older shell). */
  slots?: SlotHost;
}) {
  const url = useListUrl('users', USERS_URL);
  const { search, page, sort, region } = url.state;
  const { setState: setView, openDetail, closeDetail } = url;
  const [showColumnOptions, setShowColumnOptions] = useState(false);
  const [visibility, toggleColumn] = useColumnVisibility();
  const [coinsFor, setCoinsFor] = useState<Person | null>(null);

  const detailsFocus = useFocusReturn();
  const coinsFocus = useFocusReturn();
  const openDetails = useCallback(
    (person: Person) => {
      detailsFocus.remember();
      openDetail(person.customId);
    },
    [detailsFocus, openDetail],
  );
  const openAddCoins = useCallback(
    (person: Person) => {
      coinsFocus.remember();
      setCoinsFor(person);
    },
    [coinsFocus],
  );

  const users = usePersonsPage(url.state);
  const detailsFor = useUserByUrl(url.detail, users.rows, toast, closeDetail);
  const figures = pagingFigures(page, PERSONS_PAGE_SIZE, users.total);

  const { errorMessage, errorUpdatedAt } = users;
  useFailureToast(errorMessage && `Failed to load users: ${errorMessage}`, errorUpdatedAt, toast);

  const columns = useMemo(
    () =>
      buildTableColumns(
        // A viewer is offered no Add Coins: the Actions column holds nothing else.
        visibleColumns(visibility).filter((column) => canChange || column.id !== 'actions'),
        { onOpenDetails: openDetails, onAddCoins: openAddCoins },
        sort,
      ),
    [visibility, openDetails, openAddCoins, canChange, sort],
  );

  const details = freshest(detailsFor, users.rows);
  const coins = freshest(coinsFor, users.rows);

  return (
    <div>
      <PageHeader
        title="Users"
        subtitle="Manage user accounts and balances"
        actions={
          <>
            {/* A User ID lookup shows one user: there is no list to export. */}
            {!isIdLookup(search) && (
              <ExportCsvButton
                path="/api/admin/persons/export"
                // The columns shown by Customize Columns, in the table's order.
                query={() => ({
                  ...toPersonFilters(url.state),
                  columns: visibleColumns(visibility)
                    .map((column) => column.id)
                    .join(','),
                })}
                noun="users"
                toast={toast}
              />
            )}
            <Button
              aria-expanded={showColumnOptions}
              aria-controls="user-column-options"
              type={showColumnOptions ? 'primary' : 'default'}
              onClick={() => setShowColumnOptions((shown) => !shown)}
            >
              Customize Columns
            </Button>
          </>
        }
      />

      {showColumnOptions && <ColumnCustomizer visibility={visibility} onToggle={toggleColumn} />}

      <div style={{ marginBottom: 16 }}>
        <SearchBar<SearchType>
          key={url.generation /* back/forward: the inputs show the search of that entry */}
          label="Search users"
          options={SEARCH_OPTIONS}
          initialField={search.type}
          initialText={search.text}
          onSearch={(type, text) =>
            setView((view) => ({ ...view, search: { type, text }, page: 1 }))
          }
        />
      </div>
      {/* The dashboard's drill-down narrows by region, which has no control of its own. */}
      <div style={{ marginBottom: region ? 16 : 0 }}>
        <FilterChips
          chips={
            region
              ? [
                  {
                    label: `Region: ${region}`,
                    onRemove: () => setView((view) => ({ ...view, region: '', page: 1 })),
                  },
                ]
              : []
          }
        />
      </div>

      {errorMessage ? (
        <LoadError title={`Error loading users: ${errorMessage}`} onRetry={users.refetch} retrying={users.isFetching} />
      ) : (
        <>
          <Table<Person>
            rowKey="_id"
            columns={columns}
            dataSource={users.rows}
            loading={users.isFetching}
            pagination={false}
            onChange={(_pagination, _filters, sorter, extra) => {
              if (extra.action === 'sort' && !Array.isArray(sorter))
                setView((view) => ({ ...view, sort: sortOfColumn(sorter), page: 1 }));
            }}
            scroll={{ x: 'max-content' }}
            // The horizontal scrollbar sticks to the bottom of the window, reachable without scrolling past 20 rows.
            sticky={{ offsetScroll: 0 }}
            locale={{ emptyText: users.isLoading ? 'Loading users...' : EMPTY_USERS_TEXT }}
          />
          <Pager
            figures={figures}
            noun="users"
            onPageChange={(next) => setView((view) => ({ ...view, page: next }))}
            disabled={users.isFetching}
            style={{ marginTop: 16 }}
          />
        </>
      )}

      {/* Keyed per person (a new person starts fresh), with a prefix: the two dialogs are siblings
          and may be open for the same person at once, and siblings' keys must differ. */}
      {details && (
        <UserDetailsDialog
          key={`details-${details._id}`}
          person={details}
          onClose={() => {
            closeDetail();
            detailsFocus.restore();
          }}
          onAddCoins={canChange ? openAddCoins : undefined}
          slots={slots}
        />
      )}
      {coins && canChange && (
        <AddCoinsDialog
          key={`coins-${coins._id}`}
          person={coins}
          toast={toast}
          onClose={() => {
            setCoinsFor(null);
            coinsFocus.restore();
          }}
        />
      )}
    </div>
  );
}
