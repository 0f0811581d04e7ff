import { type Specialty, SpecialtyInput } from "@palma/core"
import { ResourcePage } from "../../kit"
import { familyScopedResource } from "./familyScoped"

export const specialtyResource = familyScopedResource<Specialty, SpecialtyInput>({
  name: "specialty",
  title: "Especialidades",
  noun: { singular: "especialidad", gender: "f" },
  input: SpecialtyInput
})

export const SpecialtyPage = () => <ResourcePage config={specialtyResource} />
