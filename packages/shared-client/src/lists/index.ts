// The list kit every list screen uses: paging figures, the pager, the search bar, one toast per failed load.
export * from './paging';
export * from './Pager';
export * from './SearchBar';
export * from './useFailureToast';
export * from './PageHeader';
