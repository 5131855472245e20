// The file-system error mapping and folder creation every command shares live in @xai/core/node.
export { ioError, makeDirs, withIo } from '@xai/core/node';
