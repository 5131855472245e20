// Subpath `@xai/models/adapters`: plug anyone's model into the toolkit.
export * from './functionModel.js';
