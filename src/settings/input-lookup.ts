import { INPUTS, type InputName, type InputScope, type InputSpec } from './inputs'

export function inputsIn(scope: InputScope): Array<InputSpec & { name: InputName }> {
  return INPUTS.filter((input) => input.scopes.includes(scope))
}

export function inputNamesIn(scope: InputScope): InputName[] {
  return inputsIn(scope).map((input) => input.name)
}

/** The built-in value of an input; '' when it has none. */
export function builtInDefault(name: InputName): string {
  return INPUTS.find((input) => input.name === name)?.default ?? ''
}

/** The description as the docs show it, ending in "Default: …" when the input has a default. */
export function describeInput(input: InputSpec, audience: 'action' | 'cli' = 'action'): string {
  const defaultText =
    (audience === 'cli' ? input.cliDefaultText : undefined) ?? input.defaultText ?? input.default
  return defaultText === undefined ? input.description : `${input.description} Default: ${defaultText}.`
}
