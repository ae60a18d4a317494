// The list kit every list screen uses: paging figures, the pager, the search bar, one toast per failed load,
// the page header and the readable status tag.
export * from './paging';
export * from './Pager';
export * from './SearchBar';
export * from './useFailureToast';
export * from './PageHeader';
export { StatusTag } from './StatusTag';
