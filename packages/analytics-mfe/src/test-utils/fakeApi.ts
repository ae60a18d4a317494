// This package's tests use the shared fake of the API's network edge.
export * from '@growth-admin/shared-client/testing';
