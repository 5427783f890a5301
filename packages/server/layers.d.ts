export declare const serverSrc: string;
export declare const layers: [name: string, entries: string[]][];
export declare function layerOf(file: string): { name: string; rank: number } | undefined;
export declare function isTestFile(file: string): boolean;
export declare function climb(from: string, to: string): { from: string; to: string } | undefined;
export declare const featureKinds: Record<string, string[]>;
export declare function resolveImport(fromFile: string, source: string): string | undefined;
