import { IConstruct } from 'constructs';
import { objectRef } from './object-ref';

/** `valueFrom` of a container env var, as the Job manifest writes it. */
interface EnvVarSource {
  readonly secretKeyRef?: { readonly name: string; readonly key: string; readonly optional?: boolean };
  readonly configMapKeyRef?: { readonly name: string; readonly key: string; readonly optional?: boolean };
}

/** One entry of a container's `envFrom`. */
interface EnvFromSource {
  readonly secretRef?: { readonly name: string };
  readonly configMapRef?: { readonly name: string };
  readonly prefix?: string;
}

/**
 * An environment variable of a hook container, always taken from a Secret or ConfigMap by
 * reference: a hook never carries a literal secret value in the rendered YAML.
 *
 * The Secret or ConfigMap is any construct that is or holds one (`ApiObject.of`): a cdk8s-plus
 * resource of any line, an `ApiObject`, a `cdk8s import` class, or a cdk8s-plus imported reference
 * such as `Secret.fromSecretName`.
 */
export class EnvReference {
  /**
   * `name` = the value of `key` in a Secret.
   * @param optional the Pod starts even if the key or Secret is missing
   */
  public static fromSecret(name: string, secret: IConstruct, key: string, optional?: boolean): EnvReference {
    const ref = objectRef(`EnvReference ${name}`, secret, 'Secret');
    return new EnvReference(name, { secretKeyRef: { name: ref.name, key, optional } });
  }

  /**
   * `name` = the value of `key` in a ConfigMap.
   * @param optional the Pod starts even if the key or ConfigMap is missing
   */
  public static fromConfigMap(name: string, configMap: IConstruct, key: string, optional?: boolean): EnvReference {
    const ref = objectRef(`EnvReference ${name}`, configMap, 'ConfigMap');
    return new EnvReference(name, { configMapKeyRef: { name: ref.name, key, optional } });
  }

  private constructor(public readonly name: string, private readonly source: EnvVarSource) {
    if (!/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(name)) {
      throw new Error(`invalid environment variable name "${name}": use letters, digits, '_', '-' or '.', not starting with a digit`);
    }
  }

  /** @internal */
  public _toKube(): { name: string; valueFrom: EnvVarSource } {
    return { name: this.name, valueFrom: this.source };
  }
}

/**
 * Every key of a Secret or ConfigMap as environment variables of a hook container (`envFrom`).
 */
export class EnvSource {
  /** All keys of a Secret. */
  public static secret(secret: IConstruct, prefix?: string): EnvSource {
    return new EnvSource({ secretRef: { name: objectRef('EnvSource.secret', secret, 'Secret').name }, prefix });
  }

  /** All keys of a ConfigMap. */
  public static configMap(configMap: IConstruct, prefix?: string): EnvSource {
    return new EnvSource({ configMapRef: { name: objectRef('EnvSource.configMap', configMap, 'ConfigMap').name }, prefix });
  }

  private constructor(private readonly source: EnvFromSource) {}

  /** @internal */
  public _toKube(): EnvFromSource {
    return this.source;
  }
}
