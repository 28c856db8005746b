// The camera adapters by the name a feed entry gives in its `adapter` field.
import type { Decode } from '../../types.ts'
import { decodeAtis511 } from './atis511.ts'
import { decodeCaltrans } from './caltrans.ts'
import { decodeGenericCameras } from './generic.ts'
import { decodeWsdot } from './wsdot.ts'
import { decodeWzdxCameras } from './wzdx-devices.ts'

export const cameraAdapters: Record<string, Decode> = {
  'caltrans-cctv': decodeCaltrans,
  'wsdot-cameras': decodeWsdot,
  '511-cameras': decodeAtis511,
  'wzdx-devices': decodeWzdxCameras,
  'camera-mapping': decodeGenericCameras,
}
