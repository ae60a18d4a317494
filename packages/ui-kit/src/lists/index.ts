// The list kit every list screen uses: paging figures, the pager, the search bar, one toast per failed load,
// the page header, the readable status tag, and the list's state in the URL.
export * from './paging';
export * from './Pager';
export * from './SearchBar';
export * from './useFailureToast';
export * from './PageHeader';
export { StatusTag } from './StatusTag';
export * from './listUrl';
export * from './SectionLink';
export * from './listSort';
export * from './dayRange';
export * from './FilterChips';
export * from './ExportCsvButton';
