import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { StaffNames, UserIdsInput } from "../domain/staffName.js"
import { Staff } from "./security.js"

/** Staff names for histories and chats. */
export const UserApi = HttpApiGroup.make("user")
  .add(HttpApiEndpoint.post("getByIds", "/getByIds").setPayload(UserIdsInput).addSuccess(StaffNames).middleware(Staff))
  .prefix("/user")
