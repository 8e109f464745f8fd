// Types of database-template.mjs, which stays plain JavaScript so jest's globalSetup loads it untransformed.
export declare const PGLITE_TEMPLATE_ENV: 'PNSS_TEST_PGLITE_TEMPLATE';
export declare const POSTGRES_TEMPLATE_ENV: 'PNSS_TEST_POSTGRES_TEMPLATE';
export declare function preparePgliteTemplate(): Promise<string>;
export declare function pgliteTemplate(): Blob | null;
export declare function preparePostgresTemplate(base: string): Promise<string>;
export declare function dropPostgresTemplate(base: string, name: string): Promise<void>;
export declare function removeStalePgliteTemplates(keep: string): void;
